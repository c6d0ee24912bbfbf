/**
 * A feed's text as an article keeps it: plain text, paragraphs on their own lines (the body's
 * first line is the list's summary, as for an article written in the back office). Pure.
 */

/** The five entities XML itself defines; a DTD's own are never expanded (nor looked up). */
const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The XML ones and the HTML ones feeds use in text; any other name is left as written. */
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  ...XML_ENTITIES,
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  shy: '',
  zwnj: '',
  zwj: '',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  divide: '÷',
  yen: '¥',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
};

/** A character reference's character; none for NUL, surrogates and past U+10FFFF. */
function charOf(codePoint: number): string {
  const valid =
    Number.isInteger(codePoint) &&
    codePoint > 0 &&
    codePoint <= 0x10ffff &&
    (codePoint < 0xd800 || codePoint > 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '';
}

/** A reference's text: `#x41` and `#65` by number, a name by `names`, else as written. */
function referenceOf(ref: string, body: string, names: Readonly<Record<string, string>>): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return charOf(parseInt(body.slice(2), 16));
  if (body.startsWith('#')) return charOf(parseInt(body.slice(1), 10));
  return names[body] ?? ref;
}

/** Replaces references in one pass (so `&amp;lt;` reads `&lt;`, never `<`). */
const decodeWith = (text: string, names: Readonly<Record<string, string>>) =>
  text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (ref, body: string) => referenceOf(ref, body, names),
  );

export const decodeXmlText = (text: string) => decodeWith(text, XML_ENTITIES);

/** Control characters other than tabs and line breaks: never part of an article. */
const withoutControls = (text: string) =>
  text.replace(/\p{Cc}/gu, (char) => ('\t\n\r'.includes(char) ? char : ''));

/** Trims each line, folds runs of spaces, drops empty lines. */
function tidyLines(text: string): string {
  return withoutControls(text)
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const BLOCK_TAGS =
  'p|div|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|pre|table|tr|section|article|header|footer|figure|figcaption|hr';

/**
 * HTML as plain text: scripts, styles and comments dropped, a line per paragraph, block or <br>,
 * every other tag removed, entities decoded. React shows the result as text, so a tag the
 * pattern misses is harmless: it is shown, never run.
 */
export function plainTextOfHtml(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '');
  return tidyLines(decodeWith(text, HTML_ENTITIES));
}

/** Text that is text (Atom `type="text"`): entities decoded by the XML reading, lines tidied. */
export const plainTextOfText = (text: string) => tidyLines(text);

/** One line (a title): the lines joined with spaces. */
export const oneLine = (text: string) => text.split('\n').join(' ');

/**
 * Cut to at most `maxUnits` UTF-16 code units (as the contract's `max` counts them), by whole
 * characters, with an ellipsis when cut.
 */
export function cutTo(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > maxUnits - 1) break;
    kept += char;
  }
  return `${kept}…`;
}
