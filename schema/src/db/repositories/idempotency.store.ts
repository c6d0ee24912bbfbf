import { createHash } from 'node:crypto';
import { Refusal } from '../../contracts/errors.ts';
import type { Db } from '../create-db.ts';
import { dialectOf } from '../dialect.ts';
import { preparedQuery } from '../prepared-query.ts';

export function hashRequest(input: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(input)
      .sort()
      .map((key) => [key, String(input[key])]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

const findKey = preparedQuery((db: Db, userId: bigint, requestId: string) =>
  db
    .selectFrom('idempotency_key')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId),
);

/** PostgreSQL: the user's row locked (as `writeTransaction`'s `lockUser`) and the key read, in one statement. */
const lockUserAndFindKey = preparedQuery((db: Db, userId: bigint, requestId: string) =>
  db
    .selectFrom('app_user')
    .leftJoin('idempotency_key', (join) =>
      join
        .onRef('idempotency_key.user_id', '=', 'app_user.id')
        .on('idempotency_key.request_id', '=', requestId),
    )
    .select(['idempotency_key.request_hash', 'idempotency_key.response'])
    .where('app_user.id', '=', userId)
    .forUpdate('app_user'),
);

const storeKey = preparedQuery(
  (
    db: Db,
    userId: number,
    requestId: string,
    requestHash: string,
    response: string,
    createdAt: number,
  ) =>
    db.insertInto('idempotency_key').values({
      user_id: userId,
      request_id: requestId,
      request_hash: requestHash,
      response,
      created_at: createdAt,
    }),
);

/**
 * The first answer to this (user, request_id), or undefined when there is none yet; other inputs
 * under the same key get `request_id_reused`. Calls with slow checks before their transaction
 * (uploads, password hashes) ask this first, so a retry skips them and gets the first answer.
 */
export async function earlierAnswer<T>(
  db: Db,
  key: { userId: number; requestId: string; requestHash: string },
): Promise<{ result: T; replayed: true } | undefined> {
  const [existing] = await findKey(db, BigInt(key.userId), key.requestId);
  return answerOf<T>(existing, key.requestHash);
}

function answerOf<T>(
  existing: { request_hash: string | null; response: string | null } | undefined,
  requestHash: string,
): { result: T; replayed: true } | undefined {
  if (!existing || existing.request_hash === null || existing.response === null) return undefined;
  if (existing.request_hash !== requestHash) throw new Refusal('request_id_reused');
  return { result: JSON.parse(existing.response) as T, replayed: true };
}

/**
 * `earlierAnswer` after locking the user's row, as `writeTransaction`'s `lockUser` does: on
 * PostgreSQL both in one statement; SQLite's BEGIN IMMEDIATE already serialises every writer.
 */
async function lockedEarlierAnswer<T>(
  trx: Db,
  key: { userId: number; requestId: string; requestHash: string },
): Promise<{ result: T; replayed: true } | undefined> {
  if (dialectOf(trx) !== 'postgres') return earlierAnswer<T>(trx, key);
  const [existing] = await lockUserAndFindKey(trx, BigInt(key.userId), key.requestId);
  return answerOf<T>(existing, key.requestHash);
}

/**
 * Runs `work` once per (user, request_id), inside the caller's write transaction.
 * A replay with the same inputs returns the first result; other inputs get `request_id_reused`.
 * `lockUser`: lock the user first, as `writeTransaction`'s `lockUser` (one statement with the
 * lookup on PostgreSQL); pass it instead of that option, not beside it.
 */
export async function runIdempotent<T>(
  trx: Db,
  key: {
    userId: number;
    requestId: string;
    requestHash: string;
    nowMs: number;
    lockUser?: boolean;
  },
  work: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const earlier = key.lockUser
    ? await lockedEarlierAnswer<T>(trx, key)
    : await earlierAnswer<T>(trx, key);
  if (earlier) return earlier;
  const result = await work();
  await storeKey(
    trx,
    key.userId,
    key.requestId,
    key.requestHash,
    JSON.stringify(result),
    key.nowMs,
  );
  return { result, replayed: false };
}
