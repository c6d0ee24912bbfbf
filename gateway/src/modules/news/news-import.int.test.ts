import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAnswer,
  startTestGateway,
  type Envelope,
  type TestGateway,
} from '../../../test/support/test-gateway.ts';
import { reviewer } from '../../../test/support/funds-helpers.ts';

// News import (issue 21): an operator picks an RSS 2.0 or Atom file; each new item becomes a
// draft in the feed's language with its source link kept; the same file again adds nothing; a
// file that is not a feed is refused with nothing written; every import is audited.
let t: TestGateway;
let operator: Awaited<ReturnType<typeof reviewer>>;
let secretDir: string;

beforeAll(async () => {
  t = await startTestGateway();
  operator = await reviewer(t, undefined, 'operator');
  secretDir = mkdtempSync(join(tmpdir(), 'kabuto-xxe-'));
}, 60_000);
afterAll(async () => {
  rmSync(secretDir, { recursive: true, force: true });
  await t.close();
});

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

/** POSTs news/import as a browser's form would: the file as `feed`, the fields beside it. */
async function importFeed(
  feed: Buffer | string | null,
  fields: Record<string, string>,
  token = operator.token,
): Promise<{ http: number; body: Envelope }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (feed !== null) {
    const bytes = typeof feed === 'string' ? Buffer.from(feed) : feed;
    form.append('feed', new Blob([new Uint8Array(bytes)], { type: 'text/xml' }), 'feed.xml');
  }
  const response = await fetch(`${t.baseUrl}/api/admin/news/import`, {
    method: 'POST',
    headers: { 'admin-token': token },
    body: form,
  });
  const answer = (await response.json()) as Envelope;
  return { http: response.status, body: checkAnswer('admin', 'news/import', answer) };
}

const countOf = async (table: 'news_article' | 'audit_log') =>
  Number(
    (
      await t.testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const articlesFrom = (prefix: string) =>
  t.testDb.db
    .selectFrom('news_article')
    .selectAll()
    .where('source_guid', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();

const importAudits = () =>
  t.testDb.db
    .selectFrom('audit_log')
    .select(['admin_id', 'subject', 'detail'])
    .where('action', '=', 'news.import')
    .orderBy('id')
    .execute();

/** The row counts a refused import must leave as they were. */
const counts = async () => [await countOf('news_article'), await countOf('audit_log')];

describe('news/import', () => {
  it('imports the RSS sample as 3 drafts in English only (one item repeated), then 0 the second time', async () => {
    const before = await countOf('news_article');
    const first = await importFeed(fixture('sample-rss.xml'), { lang: 'us', symbols: '7203' });
    expect([first.http, first.body.msg, first.body.data]).toEqual([
      200,
      'ok',
      { imported: 3, skipped: 1 },
    ]);
    expect(await countOf('news_article')).toBe(before + 3);
    const rows = await t.testDb.db
      .selectFrom('news_article')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const [toyota, markets, yen] = rows.reverse();
    expect(toyota).toMatchObject({
      title_en: 'Toyota lifts its EV target & output',
      body_en: 'Toyota said on Tuesday it would raise its target.\nSecond paragraph — with a dash.',
      title_ja: '',
      title_zh: '',
      body_ja: '',
      body_zh: '',
      symbols: ' 7203 ',
      published_at: null,
      demo: 0n,
      // The enclosure is another site's image: not taken (the page shows this site's only).
      image_url: null,
      source_url: 'https://wire.example/articles/1',
      source_guid: 'https://wire.example/articles/1',
      created_at: BigInt(Date.parse('2026-11-03T00:30:00Z')),
      created_by: expect.any(BigInt),
    });
    // An unreadable date is the import's own time; a javascript: link is not kept.
    expect(Number(markets?.created_at)).toBeGreaterThan(Date.parse('2026-11-27T00:00:00Z'));
    expect(markets?.title_en).toBe('Markets close mixed in Tokyo');
    expect(yen?.source_url).toBeNull();
    // Drafts: the readers' list does not show them.
    const listed = (await t.call('news/list', { limit: '50' })).body.data as { id: string }[];
    expect(listed.map((a) => a.id)).not.toContain(String(toyota?.id));

    const again = await importFeed(fixture('sample-rss.xml'), { lang: 'us', symbols: '7203' });
    expect(again.body.data).toEqual({ imported: 0, skipped: 4 });
    expect(await countOf('news_article')).toBe(before + 3);
    const audits = (await importAudits()).slice(-2);
    expect(audits.map((row) => [row.subject, JSON.parse(row.detail)])).toEqual([
      ['news', { lang: 'us', symbols: ['7203'], items: 4, imported: 3 }],
      ['news', { lang: 'us', symbols: ['7203'], items: 4, imported: 0 }],
    ]);
  });

  it('imports the Atom sample in Japanese: html title, xhtml content, the alternate link', async () => {
    const answer = await importFeed(fixture('sample-atom.xml'), { lang: 'jp' });
    expect(answer.body.data).toEqual({ imported: 2, skipped: 0 });
    const rows = await articlesFrom('tag:atom.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title_ja: 'トヨタ、新型車を発表',
      body_ja: 'トヨタ自動車は新型車を発表した。\n発売は来春の予定。 & 価格は未定。',
      title_en: '',
      symbols: ' ',
      image_url: null,
      source_url: 'https://atom.example/ja/1',
      created_at: BigInt(Date.parse('2026-11-05T07:00:00+09:00')),
    });
    expect((await importFeed(fixture('sample-atom.xml'), { lang: 'jp' })).body.data).toEqual({
      imported: 0,
      skipped: 2,
    });
  });

  it('a draft with one language is not published until translated (news/update), then it is', async () => {
    const feed = `<rss><channel><item><title>One language only</title><guid>urn:kabuto:one-language</guid></item></channel></rss>`;
    expect((await importFeed(feed, { lang: 'cn' })).body.data).toEqual({
      imported: 1,
      skipped: 0,
    });
    const [row] = await articlesFrom('urn:kabuto:one-language');
    const id = String(row?.id);
    expect(row).toMatchObject({ title_zh: 'One language only', body_zh: 'One language only' });
    const refused = await operator.call('news/publish', { id });
    expect([refused.http, refused.body.msg]).toEqual([400, 'invalid_param']);
    expect(Object.keys(refused.body.data.fields as object).sort()).toEqual([
      'body_en',
      'body_ja',
      'title_en',
      'title_ja',
    ]);
    expect(
      (
        await t.testDb.db
          .selectFrom('news_article')
          .select('published_at')
          .where('id', '=', BigInt(id))
          .executeTakeFirstOrThrow()
      ).published_at,
    ).toBeNull();
    const translated = await operator.call('news/update', {
      id,
      title_ja: '一言語のみ',
      title_en: 'One language only',
      title_zh: '仅一种语言',
      body_ja: '本文。',
      body_en: 'Body.',
      body_zh: '正文。',
      symbols: '',
    });
    expect(translated.body.msg).toBe('modify_ok');
    expect((await operator.call('news/publish', { id })).body.msg).toBe('modify_ok');
  });

  it.each([
    ['malformed XML', '<rss><channel><item><title>x</channel></rss>', /^malformed: line 1$/],
    ['a web page', '<html><body><p>not a feed</p></body></html>', /^not_a_feed$/],
    [
      'an item with nothing in it',
      '<rss><channel><item><title>ok</title><guid>urn:k:ok</guid></item><item></item></channel></rss>',
      /^empty_item: item 2$/,
    ],
    [
      'bytes that are not its encoding',
      Buffer.from([0x3c, 0x72, 0xff, 0xfe, 0x3e]),
      /^encoding: utf-8$/,
    ],
    ['no file at all', null, /^required$/],
    [
      'an archive of 501 items (a feed carries its latest, at most 500)',
      `<rss><channel>${Array.from(
        { length: 501 },
        (_, i) => `<item><title>t${i}</title><guid>urn:many:${i}</guid></item>`,
      ).join('')}</channel></rss>`,
      /^too_many_items: 501$/,
    ],
  ])('refuses %s (invalid_param, 400) and writes nothing', async (_what, feed, problem) => {
    const before = await counts();
    const refused = await importFeed(feed, { lang: 'us' });
    expect([refused.http, refused.body.msg]).toEqual([400, 'invalid_param']);
    expect(String(refused.body.data.fields.feed)).toMatch(problem);
    expect(await counts()).toEqual(before);
  });

  it('refuses a feed over 1 MB, and unknown symbols, writing nothing', async () => {
    const before = await counts();
    const item =
      '<item><title>filler</title><description>' + 'x'.repeat(1000) + '</description></item>';
    const big = `<rss><channel>${item.repeat(1100)}</channel></rss>`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    const tooBig = await importFeed(big, { lang: 'us' });
    expect([tooBig.http, tooBig.body.msg, tooBig.body.data.fields]).toEqual([
      400,
      'invalid_param',
      { feed: 'too_big' },
    ]);
    const unknown = await importFeed(fixture('sample-rss.xml'), { lang: 'us', symbols: 'NOSUCH' });
    expect(unknown.body.data.fields).toEqual({ symbols: 'unknown: NOSUCH' });
    const badLang = await importFeed(fixture('sample-rss.xml'), { lang: 'fr' });
    expect(badLang.body.msg).toBe('invalid_param');
    expect(await counts()).toEqual(before);
  });

  it('never expands an XXE entity: an external one refuses the file (the file is not read), an internal one stays as written', async () => {
    const secretFile = join(secretDir, 'secret.txt');
    writeFileSync(secretFile, 'XXE-SECRET-CONTENT');
    const before = await counts();
    const external = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://${secretFile}">]>
<rss version="2.0"><channel><item><title>&xxe;</title><guid>urn:kabuto:xxe</guid></item></channel></rss>`;
    const refused = await importFeed(external, { lang: 'us' });
    expect([refused.http, refused.body.msg]).toEqual([400, 'invalid_param']);
    expect(JSON.stringify(refused.body)).not.toContain('XXE-SECRET-CONTENT');
    expect(await counts()).toEqual(before);

    const internal = `<!DOCTYPE rss [<!ENTITY boom "EXPANDED-ENTITY">]>
<rss version="2.0"><channel><item><title>a &boom; b</title><description>&boom;&boom;</description><guid>urn:kabuto:internal-entity</guid></item></channel></rss>`;
    expect((await importFeed(internal, { lang: 'us' })).body.data).toEqual({
      imported: 1,
      skipped: 0,
    });
    const [row] = await articlesFrom('urn:kabuto:internal-entity');
    expect([row?.title_en, row?.body_en]).toEqual(['a &boom; b', '&boom;&boom;']);
  });

  it('a reviewer gets role_forbidden (403) and nothing is written', async () => {
    const staff = await reviewer(t, undefined, 'reviewer');
    const before = await counts();
    const refused = await importFeed(fixture('sample-atom.xml'), { lang: 'jp' }, staff.token);
    expect([refused.http, refused.body.msg]).toEqual([403, 'role_forbidden']);
    expect(await counts()).toEqual(before);
  });

  it('two imports of one new feed at once write each item once', async () => {
    const items = Array.from(
      { length: 30 },
      (_, i) => `<item><title>Race ${i}</title><guid>urn:kabuto:race-${i}</guid></item>`,
    ).join('');
    const feed = `<rss><channel>${items}</channel></rss>`;
    const answers = await Promise.all([
      importFeed(feed, { lang: 'us' }),
      importFeed(feed, { lang: 'us' }),
    ]);
    const imported = answers.map((a) => Number(a.body.data.imported));
    expect(imported[0]! + imported[1]!).toBe(30);
    expect(await articlesFrom('urn:kabuto:race-')).toHaveLength(30);
  });
});
