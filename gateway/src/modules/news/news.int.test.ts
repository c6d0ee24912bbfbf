import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNewsDemo } from '@kabuto/schema/modules/news/db/demo-news.ts';
import { startTestGateway, type TestGateway } from '../../../test/support/test-gateway.ts';
import { reviewer } from '../../../test/support/funds-helpers.ts';

// News (issue 21): staff write an article in three languages tied to symbols; it shows to readers
// only once published, newest first, by symbol; unpublished it is gone again; every step audited.
let t: TestGateway;
let operator: Awaited<ReturnType<typeof reviewer>>;

beforeAll(async () => {
  t = await startTestGateway();
  operator = await reviewer(t, undefined, 'operator');
}, 60_000);
afterAll(async () => t.close());

const article = (title: string, symbols: string) => ({
  title_ja: `${title}（日本語）`,
  title_en: title,
  title_zh: `${title}（中文）`,
  body_ja: '本文です。\n二段落目。',
  body_en: 'The body.\nA second paragraph.',
  body_zh: '正文。\n第二段。',
  symbols,
});

const listed = async (body: Record<string, string> = {}) =>
  ((await t.call('news/list', body)).body.data as { id: string }[]).map((a) => a.id);

const countRows = async () =>
  Number(
    (
      await t.testDb.db
        .selectFrom('news_article')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('news', () => {
  it('a draft is not shown; published it is, by its symbols, with a summary; unpublished it goes', async () => {
    const created = await operator.call('news/create', article('Toyota test', '7203, aapl'));
    expect(created.body.msg).toBe('add_ok');
    const id = String(created.body.data.id);
    expect(await listed()).not.toContain(id);
    expect((await t.call('news/info', { id })).body.msg).toBe('not_found');
    expect((await operator.call('news/publish', { id })).body.msg).toBe('modify_ok');
    expect(await listed()).toContain(id);
    expect(await listed({ symbol: '7203' })).toContain(id);
    expect(await listed({ symbol: 'AAPL' })).toContain(id);
    expect(await listed({ symbol: '720' })).not.toContain(id);
    const info = (await t.call('news/info', { id })).body.data;
    expect(info).toMatchObject({
      title: { ja: 'Toyota test（日本語）', en: 'Toyota test', zh: 'Toyota test（中文）' },
      summary: { en: 'The body.' },
      symbols: ['7203', 'AAPL'],
      demo: false,
    });
    expect(info.body.en).toBe('The body.\nA second paragraph.');
    expect((await operator.call('news/unpublish', { id })).body.msg).toBe('modify_ok');
    expect(await listed()).not.toContain(id);
    const actions = await t.testDb.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `news:${id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['news.create', 'news.publish', 'news.unpublish']);
  });

  it('refuses an article missing a language or with a bad symbol: 400, nothing written', async () => {
    const before = await countRows();
    const noChinese: Record<string, string> = article('No Chinese', '7203');
    delete noChinese['title_zh'];
    const refused = await operator.call('news/create', noChinese);
    expect([refused.http, refused.body.msg]).toEqual([400, 'invalid_param']);
    const badSymbol = await operator.call('news/create', article('Bad', '72 03<script>'));
    expect([badSymbol.http, badSymbol.body.msg]).toEqual([400, 'invalid_param']);
    const unknown = await operator.call('news/create', article('Unknown', '7203 NOSUCH'));
    expect([unknown.http, unknown.body.msg]).toEqual([400, 'invalid_param']);
    expect(unknown.body.data.fields.symbols).toBe('unknown: NOSUCH');
    expect(await countRows()).toBe(before);
    expect((await operator.call('news/publish', { id: '999999' })).body.msg).toBe('not_found');
  });

  it('the demo articles are seeded once and say they are demo content in every language', async () => {
    const now = Date.now();
    await seedNewsDemo(t.testDb.db, now);
    await seedNewsDemo(t.testDb.db, now);
    const demo = await t.testDb.db
      .selectFrom('news_article')
      .selectAll()
      .where('demo', '=', 1n)
      .execute();
    expect(demo).toHaveLength(4);
    for (const row of demo) {
      expect(row.body_ja).toContain('デモ記事');
      expect(row.body_en).toContain('Demo article');
      expect(row.body_zh).toContain('演示文章');
    }
    const latest = (await t.call('news/list', { limit: '3' })).body.data as { demo: boolean }[];
    expect(latest).toHaveLength(3);
  });

  it('pages in the list’s own order, keeps a re-published article’s date, and takes only this site’s images', async () => {
    const ids: string[] = [];
    for (const title of ['Page one', 'Page two', 'Page three']) {
      const id = String((await operator.call('news/create', article(title, '7203'))).body.data.id);
      await operator.call('news/publish', { id });
      ids.push(id);
    }
    const all = await listed({ limit: '50' });
    const paged: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await listed({ limit: '2', ...(before ? { before_id: before } : {}) });
      if (page.length === 0) break;
      paged.push(...page);
      before = page[page.length - 1];
    }
    expect(paged).toEqual(all);
    const dateOf = async (id: string) =>
      Number((await t.call('news/info', { id })).body.data.published_at);
    const first = await dateOf(ids[0] ?? '');
    await operator.call('news/publish', { id: ids[0] ?? '' });
    expect(await dateOf(ids[0] ?? '')).toBe(first);
    for (const image of [
      'https://evil.example/p.png',
      '//evil.example/p.png',
      '/\\evil.example/p.png',
    ]) {
      const refused = await operator.call('news/create', {
        ...article('Image', '7203'),
        image_url: image,
      });
      expect([image, refused.http]).toEqual([image, 400]);
    }
    const own = await operator.call('news/create', {
      ...article('Image', '7203'),
      image_url: '/icon-512.png',
    });
    expect(own.body.msg).toBe('add_ok');
  });

  it('cuts a long summary by whole characters', async () => {
    const body = `${'a'.repeat(118)}😀😀 tail`;
    const created = await operator.call('news/create', {
      ...article('Emoji', '7203'),
      body_en: body,
    });
    const id = String(created.body.data.id);
    await operator.call('news/publish', { id });
    const summary = String((await t.call('news/info', { id })).body.data.summary.en);
    expect(summary).toBe(`${'a'.repeat(118)}😀…`);
  });
});
