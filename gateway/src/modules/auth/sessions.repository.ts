import { createHash, randomBytes } from 'node:crypto';
import { preparedQuery, type Db } from '@kabuto/schema/db';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Db,
  entry: { userId: number; nowMs: number; userAgent: string; ip: string },
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const row = await db
    .insertInto('session')
    .values({
      user_id: entry.userId,
      token_hash: hashToken(token),
      created_at: entry.nowMs,
      expires_at: entry.nowMs + SESSION_TTL_MS,
      last_seen_at: entry.nowMs,
      revoked_at: null,
      user_agent: entry.userAgent,
      ip: entry.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: Number(row.id) };
}

export interface ActiveSession {
  readonly sessionId: number;
  readonly userId: number;
  readonly account: string;
  readonly status: string;
  readonly tradingBarred: boolean;
  readonly expiresAtMs: number;
}

const activeSessionByToken = preparedQuery((db: Db, tokenHash: string, nowMs: bigint) =>
  db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.expires_at', 'u.account', 'u.status', 'u.trading_barred'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', nowMs),
);

/** The live session of a token (every authenticated call asks this: a prepared query). */
export async function findActiveSession(
  db: Db,
  token: string,
  nowMs: number,
): Promise<ActiveSession | undefined> {
  const [row] = await activeSessionByToken(db, hashToken(token), BigInt(nowMs));
  if (!row) return undefined;
  return {
    sessionId: Number(row.id),
    userId: Number(row.user_id),
    account: row.account,
    status: row.status,
    tradingBarred: row.trading_barred === 1n,
    expiresAtMs: Number(row.expires_at),
  };
}

export async function listSessions(db: Db, userId: number, nowMs: number) {
  return db
    .selectFrom('session')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', BigInt(userId))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', BigInt(nowMs))
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of the user's sessions; false when it is not theirs or already gone. */
export async function revokeSession(
  db: Db,
  entry: { userId: number; sessionId: number; nowMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('session')
    .set({ revoked_at: entry.nowMs })
    .where('id', '=', BigInt(entry.sessionId))
    .where('user_id', '=', BigInt(entry.userId))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Revokes every live session of the user inside `trx`; answers their ids (to end their sockets). */
export async function revokeAllSessions(trx: Db, userId: number, nowMs: number): Promise<number[]> {
  const rows = await trx
    .updateTable('session')
    .set({ revoked_at: nowMs })
    .where('user_id', '=', BigInt(userId))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Revokes every other live session of the user; returns their ids. */
export async function revokeOtherSessions(
  db: Db,
  entry: { userId: number; keepSessionId: number; nowMs: number },
): Promise<number[]> {
  const rows = await db
    .updateTable('session')
    .set({ revoked_at: entry.nowMs })
    .where('user_id', '=', BigInt(entry.userId))
    .where('id', '<>', BigInt(entry.keepSessionId))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Of these sessions, the ones still live: not revoked, not expired, and their account active. */
export async function liveSessionIds(
  db: Db,
  sessionIds: readonly number[],
  nowMs: number,
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.id', 'in', sessionIds.map(BigInt))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', BigInt(nowMs))
    .where('u.status', '=', 'active')
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}
