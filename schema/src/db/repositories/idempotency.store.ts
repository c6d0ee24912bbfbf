import { createHash } from 'node:crypto';
import { Refusal } from '../../contracts/errors.ts';
import type { Db } from '../create-db.ts';

export function hashRequest(input: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(input)
      .sort()
      .map((key) => [key, String(input[key])]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Runs `work` once per (user, request_id), inside the caller's write transaction.
 * A replay with the same inputs returns the first result; other inputs get `request_id_reused`.
 */
export async function runIdempotent<T>(
  trx: Db,
  key: { userId: number; requestId: string; requestHash: string; nowMs: number },
  work: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const existing = await trx
    .selectFrom('idempotency_key')
    .select(['request_hash', 'response'])
    .where('user_id', '=', BigInt(key.userId))
    .where('request_id', '=', key.requestId)
    .executeTakeFirst();
  if (existing) {
    if (existing.request_hash !== key.requestHash) throw new Refusal('request_id_reused');
    return { result: JSON.parse(existing.response) as T, replayed: true };
  }
  const result = await work();
  await trx
    .insertInto('idempotency_key')
    .values({
      user_id: key.userId,
      request_id: key.requestId,
      request_hash: key.requestHash,
      response: JSON.stringify(result),
      created_at: key.nowMs,
    })
    .execute();
  return { result, replayed: false };
}
