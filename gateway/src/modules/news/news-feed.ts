import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from '@kabuto/schema/modules/news/contracts.ts';
import {
  cutTo,
  decodeXmlText,
  oneLine,
  plainTextOfHtml,
  plainTextOfText,
} from './news-feed-text.ts';

/** Why a file is not a feed we read (`invalid_param`'s `fields.feed`). */
export type FeedProblem = 'encoding' | 'malformed' | 'not_a_feed' | 'empty_item' | 'too_many_items';

/** The most items one import writes (a news feed carries its latest 10–100). */
export const FEED_MAX_ITEMS = 500;

export class FeedError extends Error {
  constructor(
    readonly problem: FeedProblem,
    readonly where?: string,
  ) {
    super(where ? `${problem}: ${where}` : problem);
  }
}

/** One item of an RSS 2.0 or Atom feed, as a draft takes it. */
export interface FeedItem {
  /** Plain text, one line, cut to the contract's length. */
  readonly title: string;
  /** Plain text, a line per paragraph, cut to the contract's length. */
  readonly body: string;
  /** The item's page at its source: http(s) only, else null. */
  readonly link: string | null;
  /** What identifies the item across imports (unique in the table). */
  readonly key: string;
  /** When the item says it was written, if it says so readably. */
  readonly dateMs: number | null;
}

/**
 * The file's text: by its byte order mark, else the encoding its XML declaration names (a
 * Japanese feed may still be Shift_JIS), else UTF-8; bytes that are not that encoding refuse it.
 */
export function decodeFeed(bytes: Uint8Array): string {
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const prolog = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
    const declared = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/.exec(prolog);
    if (declared?.[1]) label = declared[1];
  }
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new FeedError('encoding', label);
  }
}

/** The elements whose content is text or markup: kept raw, read by their `type` below. */
const TEXT_ELEMENTS = ['title', 'description', 'encoded', 'summary', 'content'];

const parser = new XMLParser({
  // No entity a DTD declares is ever expanded; an external one makes the file unreadable.
  processEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // `content:encoded`, `dc:date` and a prefixed Atom read as `encoded`, `date`, `feed`.
  removeNSPrefix: true,
  stopNodes: TEXT_ELEMENTS.map((name) => `*.${name}`),
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element as a node: an empty one (`<item/>`) is a node with nothing in it. */
const asNode = (value: unknown): Node => (isNode(value) ? value : {});

/** The first of a repeated element (or the one). */
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** An element's raw text (its `#text` when it has attributes), or ''. */
function rawOf(value: unknown): string {
  const node = first(value);
  if (typeof node === 'string') return node;
  return isNode(node) && typeof node['#text'] === 'string' ? node['#text'] : '';
}

/** A raw text element's content: XML references decoded outside CDATA sections, kept inside. */
function unescapeRaw(raw: string): string {
  return raw
    .split(/<!\[CDATA\[([\s\S]*?)\]\]>/)
    .map((part, i) => (i % 2 === 1 ? part : decodeXmlText(part)))
    .join('');
}

/**
 * A text element as plain text. RSS text is HTML (escaped or in CDATA); Atom says by its `type`:
 * `html` (or `text/html`) escaped, `xhtml` inline markup, `text` (the default) text.
 */
function textOf(value: unknown, atom: boolean): string {
  const raw = rawOf(value);
  const node = first(value);
  const type = isNode(node) && typeof node['@_type'] === 'string' ? node['@_type'] : '';
  if (atom && type === 'xhtml') return plainTextOfHtml(raw);
  if (atom && !type.includes('html')) return plainTextOfText(unescapeRaw(raw));
  return plainTextOfHtml(unescapeRaw(raw));
}

/** A plain element's trimmed text (a date, a guid, an RSS link). */
const valueOf = (value: unknown) => decodeXmlText(rawOf(value)).trim();

const webLink = (href: string) =>
  /^https?:\/\/[^\s]+$/i.test(href) && href.length <= 2000 ? href : null;

/** An Atom entry's page: its `alternate` link (a link without `rel` is one). */
function atomLink(links: unknown): string | null {
  const list = Array.isArray(links) ? links : [];
  const page = list.find(
    (link) => isNode(link) && (link['@_rel'] === undefined || link['@_rel'] === 'alternate'),
  );
  return isNode(page) && typeof page['@_href'] === 'string' ? webLink(page['@_href'].trim()) : null;
}

function dateOf(...candidates: string[]): number | null {
  for (const text of candidates) {
    const ms = text ? Date.parse(text) : NaN;
    if (Number.isFinite(ms) && ms > 0) return ms;
  }
  return null;
}

/**
 * An item's key: its guid (Atom id), else its link, else a hash of its text. A key that is not a
 * URI (`42`) is only unique within its feed, so the feed's own id or link is put before it.
 */
function keyOf(found: { guid: string; link: string | null; text: string }, feedKey: string) {
  let key = found.guid || found.link || '';
  if (key && !/^[a-z][a-z0-9+.-]*:/i.test(key)) key = `${feedKey}#${key}`;
  if (!key || key.length > 500) {
    key = `sha256:${createHash('sha256')
      .update(key || found.text)
      .digest('hex')}`;
  }
  return key;
}

interface Found {
  title: string;
  body: string;
  link: string | null;
  guid: string;
  dates: string[];
}

function rssItem(item: Node): Found {
  const description = textOf(item['description'], false);
  return {
    title: textOf(item['title'], false),
    body: description || textOf(item['encoded'], false),
    link: webLink(valueOf(item['link'])),
    guid: valueOf(item['guid']),
    dates: [valueOf(item['pubDate']), valueOf(item['date'])],
  };
}

function atomEntry(entry: Node): Found {
  const summary = textOf(entry['summary'], true);
  return {
    title: textOf(entry['title'], true),
    body: summary || textOf(entry['content'], true),
    link: atomLink(entry['link']),
    guid: valueOf(entry['id']),
    dates: [valueOf(entry['published']), valueOf(entry['updated'])],
  };
}

/** The feed's items in their order, and what the feed calls itself (to qualify its guids). */
function itemsOf(document: Node): { found: Found[]; feedKey: string } {
  const rss = first(document['rss']);
  if (rss !== undefined) {
    const channel = isNode(rss) ? first(rss['channel']) : undefined;
    if (!isNode(channel)) return { found: [], feedKey: '' };
    const items = Array.isArray(channel['item']) ? channel['item'] : [];
    return { found: items.map((item) => rssItem(asNode(item))), feedKey: valueOf(channel['link']) };
  }
  const feed = first(document['feed']);
  if (feed !== undefined) {
    const entries = isNode(feed) && Array.isArray(feed['entry']) ? feed['entry'] : [];
    const feedKey = isNode(feed) ? valueOf(feed['id']) || (atomLink(feed['link']) ?? '') : '';
    return { found: entries.map((entry) => atomEntry(asNode(entry))), feedKey };
  }
  throw new FeedError('not_a_feed');
}

function parseDocument(xml: string): Node {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedError('malformed', `line ${valid.err.line}`);
  try {
    const document: unknown = parser.parse(xml);
    if (!isNode(document)) throw new FeedError('not_a_feed');
    return document;
  } catch (error) {
    // The parser refuses what the validator lets through (an external entity, say).
    throw error instanceof FeedError ? error : new FeedError('malformed');
  }
}

/**
 * The items of an RSS 2.0 (`<rss><channel><item>`) or Atom (`<feed><entry>`) document, each as
 * plain text: an item with neither a title nor any text refuses the feed (RSS requires one). An
 * item without a title takes its text's first line.
 */
export function parseFeed(xml: string): FeedItem[] {
  const { found, feedKey } = itemsOf(parseDocument(xml));
  // A news feed carries its latest items; thousands in one file is an archive or a mistake, and
  // writing them would hold the gateway's one thread for most of a second.
  if (found.length > FEED_MAX_ITEMS) throw new FeedError('too_many_items', `${found.length}`);
  return found.map((item, index) => {
    const title = oneLine(item.title) || item.body.split('\n')[0] || '';
    if (!title) throw new FeedError('empty_item', `item ${index + 1}`);
    return {
      title: cutTo(title, NEWS_TITLE_MAX),
      body: cutTo(item.body || title, NEWS_BODY_MAX),
      link: item.link,
      key: keyOf({ guid: item.guid, link: item.link, text: `${title}\n${item.body}` }, feedKey),
      dateMs: dateOf(...item.dates),
    };
  });
}
