import type { Db } from '../../../db/create-db.ts';
import type { AnnouncementRow } from './announcement.table.ts';

/**
 * The announcements published by `nowMs` about `market` or every market (all when no market is
 * given), newest first, at most `limit`.
 */
export async function listPublishedAnnouncements(
  db: Db,
  options: { nowMs: number; market?: string | undefined; limit: number },
): Promise<AnnouncementRow[]> {
  let query = db
    .selectFrom('announcement')
    .selectAll()
    .where('published_at', '<=', BigInt(options.nowMs));
  const { market } = options;
  if (market) {
    query = query.where((eb) => eb.or([eb('market', 'is', null), eb('market', '=', market)]));
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Adds an announcement (the back office, seed scripts and tests); answers its id. */
export async function insertAnnouncement(
  db: Db,
  values: Omit<AnnouncementRow, 'id'>,
): Promise<bigint> {
  const row = await db
    .insertInto('announcement')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}
