import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFeed, FeedError, parseFeed } from './news-feed.ts';
import { cutTo, plainTextOfHtml } from './news-feed-text.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FeedError ? error.message : `not a FeedError: ${String(error)}`;
  }
  return 'no error';
};

describe('plainTextOfHtml', () => {
  it.each([
    ['<p>One</p><p>Two<br>Three</p>', 'One\nTwo\nThree'],
    ['a <b>bold</b>&nbsp;word &amp; &#x41;&#66; &hellip;', 'a bold word & AB …'],
    ['<script>alert(1)</script><style>p{}</style>kept<!-- a comment -->', 'kept'],
    ['&amp;lt;b&amp;gt; is one pass: &amp;amp;', '&lt;b&gt; is one pass: &amp;'],
    ['unknown &secret; and bad &#0; &#xD800; refs', 'unknown &secret; and bad refs'],
    ['  spaced \t out \n\n\n lines  ', 'spaced out\nlines'],
    ['a < b and c > d', 'a < b and c > d'],
    ['bell\u0007 and nul\u0000 gone', 'bell and nul gone'],
  ])('when given %j, reads %j', (html, text) => {
    expect(plainTextOfHtml(html)).toBe(text);
  });
});

describe('cutTo', () => {
  it('when over the length, cuts by whole characters (an emoji is two units) with an ellipsis', () => {
    expect(cutTo('abcdef', 6)).toBe('abcdef');
    expect(cutTo('abcdefg', 6)).toBe('abcde…');
    const cut = cutTo(`${'a'.repeat(4)}😀😀`, 6);
    expect(cut).toBe('aaaa…');
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});

describe('decodeFeed', () => {
  it('when the declaration says Shift_JIS, reads the Japanese text', () => {
    const text = decodeFeed(fixture('sample-sjis-rss.xml'));
    expect(parseFeed(text).map((item) => [item.title, item.body])).toEqual([
      ['日本語の見出し', '本文です。'],
    ]);
  });

  it('when the file starts with a UTF-16 byte order mark, reads it as UTF-16', () => {
    const xml = '<rss><channel><item><title>株</title></item></channel></rss>';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(parseFeed(decodeFeed(bytes))[0]?.title).toBe('株');
  });

  it('when the bytes are not the declared encoding, or it is unknown, refuses it', () => {
    expect(problemOf(() => decodeFeed(Buffer.from([0x3c, 0x61, 0xff, 0xfe, 0x3e])))).toBe(
      'encoding: utf-8',
    );
    const unknown = Buffer.from('<?xml version="1.0" encoding="x-klingon"?><rss/>');
    expect(problemOf(() => decodeFeed(unknown))).toBe('encoding: x-klingon');
  });
});

describe('parseFeed', () => {
  it('when given the sample RSS, reads each item as plain text with its link, key and date', () => {
    const items = parseFeed(decodeFeed(fixture('sample-rss.xml')));
    expect(items).toHaveLength(4);
    expect(items[0]).toEqual({
      title: 'Toyota lifts its EV target & output',
      body: 'Toyota said on Tuesday it would raise its target.\nSecond paragraph — with a dash.',
      link: 'https://wire.example/articles/1',
      key: 'https://wire.example/articles/1',
      dateMs: Date.parse('2026-11-03T00:30:00Z'),
    });
    expect(items[1]).toMatchObject({
      title: 'Markets close mixed in Tokyo',
      body: 'Shares ended mixed.\nExporters fell; banks rose.',
      // A guid that is not a URI is qualified by the feed's link.
      key: 'https://wire.example/#item-2',
      dateMs: null,
    });
    // No guid and a link that is not http(s): no link, a key hashed from the text.
    expect(items[2]?.link).toBeNull();
    expect(items[2]?.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(items[3]?.key).toBe(items[0]?.key);
  });

  it('when given the sample Atom, reads html titles, xhtml content, the alternate link, the published date', () => {
    const items = parseFeed(decodeFeed(fixture('sample-atom.xml')));
    expect(items[0]).toEqual({
      title: 'トヨタ、新型車を発表',
      body: 'トヨタ自動車は新型車を発表した。\n発売は来春の予定。 & 価格は未定。',
      link: 'https://atom.example/ja/1',
      key: 'tag:atom.example,2026:entry-1',
      dateMs: Date.parse('2026-11-05T07:00:00+09:00'),
    });
    expect(items[1]).toEqual({
      // Atom text is text: the brackets are the title's own.
      title: '日経平均、小幅続伸 <速報>',
      body: '東証の終値は小幅に上昇した。',
      link: 'https://atom.example/ja/2',
      key: 'urn:uuid:8f1c0a52-1f6e-4c1e-9a57-1d2f3b4c5d6e#entry-2',
      dateMs: Date.parse('2026-11-05T15:10:00+09:00'),
    });
  });

  it('when a title is missing, takes the text’s first line; when both are, refuses the feed', () => {
    const untitled =
      '<rss><channel><item><description>Line one&lt;br&gt;two</description></item></channel></rss>';
    expect(parseFeed(untitled)[0]).toMatchObject({ title: 'Line one', body: 'Line one\ntwo' });
    const empty =
      '<rss><channel><item><title>a</title></item><item><link>https://x.example/</link></item></channel></rss>';
    expect(problemOf(() => parseFeed(empty))).toBe('empty_item: item 2');
  });

  it('when the file is not a well-formed RSS or Atom document, refuses it', () => {
    expect(problemOf(() => parseFeed('<rss><channel><item><title>x</channel></rss>'))).toMatch(
      /^malformed: line 1$/,
    );
    expect(problemOf(() => parseFeed('<html><body>hello</body></html>'))).toBe('not_a_feed');
    expect(problemOf(() => parseFeed(''))).toMatch(/^malformed/);
  });

  it('when a DTD declares entities, never expands them: an external one refuses the file', () => {
    const external =
      '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&xxe;</title></item></channel></rss>';
    expect(problemOf(() => parseFeed(external))).toBe('malformed');
    const internal =
      '<!DOCTYPE rss [<!ENTITY big "EXPANDED">]><rss><channel><item><title>a &big; b</title></item></channel></rss>';
    expect(parseFeed(internal)[0]?.title).toBe('a &big; b');
  });

  it('when the text is long, cuts the title to 120 and the body to 8000 code units', () => {
    const xml = `<rss><channel><item><title>${'t'.repeat(300)}</title><description>${'b'.repeat(9000)}</description></item></channel></rss>`;
    const [item] = parseFeed(xml);
    expect(item?.title.length).toBe(120);
    expect(item?.body.length).toBe(8000);
    expect(item?.body.endsWith('…')).toBe(true);
  });
});
