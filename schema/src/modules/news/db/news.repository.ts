import type { Db } from '../../../db/create-db.ts';
import type { NewsArticleRow } from './news.table.ts';

/** The published articles, newest first: about `symbol` when given, older than `beforeId`. */
export async function listPublishedNews(
  db: Db,
  filter: {
    nowMs: number;
    symbol?: string | undefined;
    limit: number;
    beforeId?: number | undefined;
  },
): Promise<NewsArticleRow[]> {
  let query = db
    .selectFrom('news_article')
    .selectAll()
    .where('published_at', 'is not', null)
    .where('published_at', '<=', BigInt(filter.nowMs))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.symbol) query = query.where('symbols', 'like', `% ${filter.symbol} %`);
  if (filter.beforeId !== undefined) {
    // The page after an article in the list's own order (published, then id, both descending).
    const after = await db
      .selectFrom('news_article')
      .select(['published_at', 'id'])
      .where('id', '=', BigInt(filter.beforeId))
      .executeTakeFirst();
    const at = after?.published_at;
    if (!after || at === null || at === undefined) return [];
    query = query.where((eb) =>
      eb.or([
        eb('published_at', '<', at),
        eb.and([eb('published_at', '=', at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.execute();
}

export async function findPublishedNews(
  db: Db,
  id: number,
  nowMs: number,
): Promise<NewsArticleRow | undefined> {
  return db
    .selectFrom('news_article')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('published_at', 'is not', null)
    .where('published_at', '<=', BigInt(nowMs))
    .executeTakeFirst();
}

/** Every article, drafts too, newest first (the back office). */
export async function listAllNews(db: Db): Promise<NewsArticleRow[]> {
  return db.selectFrom('news_article').selectAll().orderBy('id', 'desc').limit(200).execute();
}

/** The stored form of a symbol list: each padded with spaces, so one `like` finds one symbol. */
export const storedSymbols = (symbols: readonly string[]) =>
  symbols.length ? ` ${symbols.join(' ')} ` : ' ';
export const symbolsOf = (stored: string) => stored.trim().split(' ').filter(Boolean);

/** An imported draft as written: one language's title and body, the others empty until translated. */
export interface ImportedDraft {
  title: { ja: string; en: string; zh: string };
  body: { ja: string; en: string; zh: string };
  symbols: readonly string[];
  sourceUrl: string | null;
  sourceGuid: string;
  createdBy: number;
  createdAtMs: number;
}

const IMPORT_ROWS_PER_INSERT = 50;

/**
 * Writes the drafts whose source key is new (in the caller's transaction) and says how many: a
 * key already stored, or twice in `drafts`, is left alone (`on conflict do nothing`, so two
 * imports racing each other still write each item once).
 */
export async function addImportedDrafts(
  trx: Db,
  drafts: readonly ImportedDraft[],
): Promise<number> {
  let written = 0;
  for (let at = 0; at < drafts.length; at += IMPORT_ROWS_PER_INSERT) {
    const rows = drafts.slice(at, at + IMPORT_ROWS_PER_INSERT).map((draft) => ({
      title_ja: draft.title.ja,
      title_en: draft.title.en,
      title_zh: draft.title.zh,
      body_ja: draft.body.ja,
      body_en: draft.body.en,
      body_zh: draft.body.zh,
      symbols: storedSymbols(draft.symbols),
      image_url: null,
      demo: 0,
      published_at: null,
      created_by: BigInt(draft.createdBy),
      created_at: draft.createdAtMs,
      source_url: draft.sourceUrl,
      source_guid: draft.sourceGuid,
    }));
    const inserted = await trx
      .insertInto('news_article')
      .values(rows)
      .onConflict((oc) => oc.column('source_guid').doNothing())
      .returning('id')
      .execute();
    written += inserted.length;
  }
  return written;
}
