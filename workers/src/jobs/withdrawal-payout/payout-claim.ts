import type { Clock } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type Db } from '@kabuto/schema/db';

/**
 * How long a claim on a `sending` withdrawal keeps every other run (another worker process's
 * sweep, a retried job) from calling the bank for it. Far longer than the bank call may take
 * (`PAYOUT_BANK_TIMEOUT_MS`), so only a claim whose run crashed or hung is ever taken over.
 */
export const PAYOUT_CLAIM_LEASE_MS = 5 * 60_000;

/** What a claim reads of a payable withdrawal. */
export interface ClaimableWithdrawal {
  readonly id: bigint;
  readonly user_id: bigint;
  readonly status: string;
  readonly claimed_at: bigint | null;
}

interface ClaimDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/**
 * Claims a withdrawal for this run: an approved one moves to `sending` with its claim time; a
 * `sending` one is taken over only once its lease has run out (or was released). Returns the
 * claim time written, or null when another run holds it.
 */
export async function claimForSending(
  deps: ClaimDeps,
  row: ClaimableWithdrawal,
): Promise<number | null> {
  const nowMs = deps.clock.nowMs();
  if (row.status === 'sending') return (await reclaimExpired(deps.db, row, nowMs)) ? nowMs : null;
  const userId = Number(row.user_id);
  const claimed = await writeTransaction(
    deps.db,
    (trx) =>
      advance(trx, { kind: 'withdrawal', id: row.id, userId }, 'approved', 'sending', {
        nowMs,
        set: { claimed_at: nowMs },
      }),
    { lockUser: userId },
  );
  return claimed.advanced ? nowMs : null;
}

/**
 * Takes over a `sending` withdrawal whose claim is older than the lease (its run crashed or hung)
 * or null (released, or left by an older version). Compare-and-set on the claim time read: of two
 * runs that both saw it expired, only the first renews it and calls the bank.
 */
async function reclaimExpired(db: Db, row: ClaimableWithdrawal, nowMs: number): Promise<boolean> {
  const claimedAt = row.claimed_at;
  if (claimedAt !== null && nowMs - Number(claimedAt) < PAYOUT_CLAIM_LEASE_MS) return false;
  const renewed = await db
    .updateTable('withdrawal')
    .set({ claimed_at: nowMs })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where((eb) =>
      claimedAt === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', claimedAt),
    )
    .executeTakeFirst();
  return renewed.numUpdatedRows === 1n;
}

/**
 * Gives up this run's claim once its bank call has ended without an answer (an outage, a timeout,
 * a key still in flight): nothing of ours is waiting on the bank any more, so a retried job or the
 * sweep may send again at once under the same key. Only if the claim is still ours (same time).
 * A release that fails is left to the lease.
 */
export async function releaseClaim(db: Db, id: bigint, claimedAt: number): Promise<void> {
  await db
    .updateTable('withdrawal')
    .set({ claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', BigInt(claimedAt))
    .execute()
    .catch(() => undefined);
}
