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
