import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { Refusal } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { checkWithLimits, userLimit } from '../../infra/limiters.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(account: string, code: string): string {
  return createHash('sha256').update(`${account}\u0000${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function storeCode(
  db: Db,
  entry: { account: string; purpose: string; code: string; nowMs: number },
): Promise<void> {
  await db
    .insertInto('verification_code')
    .values({
      account: entry.account,
      purpose: entry.purpose,
      code_hash: hashCode(entry.account, entry.code),
      expires_at: entry.nowMs + CODE_TTL_MS,
      attempts: 0,
      consumed_at: null,
      created_at: entry.nowMs,
    })
    .execute();
}

/**
 * Matches the latest live code for (account, purpose); returns its id, or null. The attempt is
 * counted before the comparison, by one conditional update, so a code is compared at most
 * CODE_MAX_ATTEMPTS times even when the tries arrive in parallel.
 */
async function matchCode(
  db: Db,
  entry: { account: string; purpose: string; code: string; nowMs: number },
): Promise<bigint | null> {
  const row = await db
    .selectFrom('verification_code')
    .select(['id', 'code_hash'])
    .where('account', '=', entry.account)
    .where('purpose', '=', entry.purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', BigInt(entry.nowMs))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const counted = await db
    .updateTable('verification_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', row.id)
    .where('attempts', '<', BigInt(CODE_MAX_ATTEMPTS))
    .executeTakeFirst();
  if (counted.numUpdatedRows !== 1n) return null;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(entry.account, entry.code), 'hex');
  return timingSafeEqual(expected, given) ? row.id : null;
}

/**
 * Checks a verification code; returns its id (spend it with markCodeConsumed). Each try spends an
 * attempt of the (purpose, account) limiter first (decision 36); a wrong code refuses with
 * code_invalid, and five wrong tries spend the code.
 */
export async function verifyCode(
  deps: GatewayDeps,
  entry: { account: string; purpose: string; code: string },
): Promise<bigint> {
  const matched: { id: bigint | null } = { id: null };
  const ok = await checkWithLimits(
    userLimit(deps.limiters.codeChecks, `${entry.purpose}:${entry.account}`),
    async () => {
      matched.id = await matchCode(deps.db, { ...entry, nowMs: deps.clock.nowMs() });
      return matched.id !== null;
    },
  );
  if (!ok || matched.id === null) throw new Refusal('code_invalid');
  return matched.id;
}

/** Spends a verified code inside the caller's transaction; a code is good for one use only. */
export async function markCodeConsumed(trx: Db, codeId: bigint, nowMs: number): Promise<void> {
  const result = await trx
    .updateTable('verification_code')
    .set({ consumed_at: nowMs })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Refusal('code_invalid');
}
