import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';

/** One limit's rule: `limit` attempts per window; over it, the key is blocked for `blockMs` (if > 0). */
export interface AttemptRule {
  readonly limit: number;
  readonly windowMs: number;
  readonly blockMs: number;
}

export interface SpentAttempts {
  /** Attempts spent in the window, this one included (more than `limit`: refused). */
  readonly points: number;
  /** When the window or the block ends (epoch ms). */
  readonly expiresAt: number;
}

/**
 * Spends `points` attempts of `key` in one statement (an upsert returning the count), so parallel
 * callers each see their own count and never more than `limit` of them pass. An ended window
 * starts again at `points`; the attempt that first goes over the limit starts the block.
 */
export async function spendAttempts(
  db: Db,
  key: string,
  rule: AttemptRule,
  nowMs: number,
  points = 1,
): Promise<SpentAttempts> {
  const now = BigInt(nowMs);
  const windowEnds = now + BigInt(rule.windowMs);
  const limit = BigInt(rule.limit);
  const ended = sql<boolean>`secret_attempt.expires_at <= ${now}`;
  const crossesLimit = sql<boolean>`secret_attempt.points <= ${limit} and secret_attempt.points + ${points} > ${limit}`;
  const expiresAt =
    rule.blockMs > 0
      ? sql<bigint>`case when ${ended} then ${windowEnds} when ${crossesLimit} then ${now + BigInt(rule.blockMs)} else secret_attempt.expires_at end`
      : sql<bigint>`case when ${ended} then ${windowEnds} else secret_attempt.expires_at end`;
  const row = await db
    .insertInto('secret_attempt')
    .values({ key, points, expires_at: windowEnds })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        points: sql<bigint>`case when ${ended} then ${points} else secret_attempt.points + ${points} end`,
        expires_at: expiresAt,
      }),
    )
    .returning(['points', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), expiresAt: Number(row.expires_at) };
}

/** Gives back `points` attempts of a live window (a refund); an ended or absent one stays so. */
export async function giveBackAttempts(
  db: Db,
  key: string,
  points: number,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('secret_attempt')
    .set({ points: sql<bigint>`secret_attempt.points - ${points}` })
    .where('key', '=', key)
    .where('expires_at', '>', BigInt(nowMs))
    .execute();
}

/** Forgets a key's attempts (a passed check that counts consecutive failures). */
export async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('secret_attempt').where('key', '=', key).execute();
}

/** Blocks `key` until `untilMs`: over any limit of `limit` until then. */
export async function blockAttempts(
  db: Db,
  key: string,
  limit: number,
  untilMs: number,
): Promise<void> {
  const over = BigInt(limit + 1);
  await db
    .insertInto('secret_attempt')
    .values({ key, points: over, expires_at: BigInt(untilMs) })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ points: over, expires_at: BigInt(untilMs) }),
    )
    .execute();
}

/** A key's live window or block (null when it has none running). */
export async function liveAttempts(
  db: Db,
  key: string,
  nowMs: number,
): Promise<SpentAttempts | null> {
  const row = await db
    .selectFrom('secret_attempt')
    .select(['points', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', BigInt(nowMs))
    .executeTakeFirst();
  return row ? { points: Number(row.points), expiresAt: Number(row.expires_at) } : null;
}

/** Forgets every limit's attempts (a test stack's clean slate, `/__test/reset-limits`); returns how many. */
export async function forgetAllAttempts(db: Db): Promise<number> {
  const result = await db.deleteFrom('secret_attempt').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the rows whose window or block has ended; returns how many. */
export async function sweepEndedAttempts(db: Db, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('secret_attempt')
    .where('expires_at', '<=', BigInt(nowMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
