import { Refusal } from '@kabuto/schema/contracts';
import {
  advance,
  findListingLockedShared,
  findOwnSubscription,
  hashRequest,
  runIdempotent,
  writeTransaction,
  type IpoListing,
  type IpoSubscription,
  type WriteTrx,
} from '@kabuto/schema/db';
import { ipoPaymentPostings } from '@kabuto/schema/ipo';
import { cashBalance, isShortOfCash, journalMemo } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { moneyOf } from './ipo-wire.ts';

/**
 * The caller's won subscription and its listing, still open for a decision: before the payment
 * deadline, its listing locked against the steps (`findListingLockedShared`). Anyone else's
 * subscription is not_found; one not drawn yet, not won, or already paid names why.
 */
async function wonSubscription(
  trx: WriteTrx,
  userId: number,
  subscriptionId: number,
  nowMs: number,
): Promise<{ sub: IpoSubscription; listing: IpoListing }> {
  const sub = await findOwnSubscription(trx, userId, subscriptionId);
  const listing = sub ? await findListingLockedShared(trx, sub.listingId) : undefined;
  if (!sub || !listing) throw new Refusal('not_found');
  if (sub.status === 'applied') throw new Refusal('allotment_not_drawn');
  if (sub.status === 'paid' || sub.status === 'listed') throw new Refusal('already_paid');
  if (sub.status !== 'won') throw new Refusal('allotment_not_won');
  if (nowMs >= listing.payDeadline) throw new Refusal('pay_deadline_passed');
  return { sub, listing };
}

/**
 * Short of cash: the ledger's `balance_insufficient`, saying in what currency, how much is due and
 * how much cash the caller has in it (a user whose cash is in another currency can exchange first).
 * Read under the user lock after the refused posting, so it is the balance the ledger refused.
 */
async function shortOfCash(
  trx: WriteTrx,
  userId: number,
  listing: IpoListing,
  amount: bigint,
): Promise<Refusal> {
  const cash = await cashBalance(trx, userId, listing.currency);
  return new Refusal('balance_insufficient', {
    currency: listing.currency,
    amount_due: moneyOf(listing, amount),
    cash: moneyOf(listing, cash),
  });
}

async function payWon(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  subscriptionId: number,
  nowMs: number,
): Promise<{ status: string }> {
  const { sub, listing } = await wonSubscription(trx, userId, subscriptionId, nowMs);
  const amount = sub.amountDue ?? 0n;
  const paid = await advance(trx, { kind: 'ipo_subscription', id: sub.id, userId }, 'won', 'paid', {
    nowMs,
    set: { paid_at: nowMs },
    journal: {
      kind: 'ipo_payment',
      ...journalMemo('ipo_payment', { symbol: listing.symbol, lots: sub.lotsWon ?? 0 }),
      actor: { type: 'user', id: userId },
      reference: `ipo_subscription:${sub.id}`,
      postings: ipoPaymentPostings(userId, listing.currency, amount),
    },
    journalColumn: 'pay_journal_id',
  }).catch(async (error: unknown) => {
    throw isShortOfCash(error) ? await shortOfCash(trx, userId, listing, amount) : error;
  });
  if (!paid.advanced) throw new Refusal('allotment_not_won');
  const payload = {
    reason: 'ipo_payment' as const,
    ipo_id: String(listing.id),
    subscription_id: String(sub.id),
    currency: listing.currency,
    amount: moneyOf(listing, amount),
    journal_id: String(paid.journalId),
  };
  await announceInTransaction(deps, trx, { userId, event: 'fund:updated', payload }, 'ipo_payment');
  return { status: 'paid' };
}

/**
 * `ipo/pay`: a winner pays the amount due from cash before the deadline, one `ipo_payment`
 * journal (cash → hold:ipo) with the status move, under the user lock. Short of cash it is
 * `balance_insufficient` with `{currency, amount_due, cash}` and nothing changes; a retry with the same request_id answers the first
 * result; a second payment is `already_paid`.
 */
export async function paySubscription(
  deps: GatewayDeps,
  userId: number,
  input: { subscription_id: number; request_id: string },
) {
  const requestHash = hashRequest({ call: 'ipo/pay', subscription_id: input.subscription_id });
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        payWon(deps, trx, userId, input.subscription_id, nowMs),
      ),
    { lockUser: userId },
  );
}

/** `ipo/waive`: a winner declines before the deadline; nothing was held, so nothing is posted. */
export async function waiveSubscription(deps: GatewayDeps, userId: number, subscriptionId: number) {
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    async (trx) => {
      const { sub, listing } = await wonSubscription(trx, userId, subscriptionId, nowMs);
      const waived = await advance(
        trx,
        { kind: 'ipo_subscription', id: sub.id, userId },
        'won',
        'waived',
        { nowMs, set: { closed_at: nowMs } },
      );
      if (!waived.advanced) throw new Refusal('allotment_not_won');
      const payload = {
        reason: 'ipo_waived' as const,
        ipo_id: String(listing.id),
        subscription_id: String(sub.id),
      };
      await announceInTransaction(
        deps,
        trx,
        { userId, event: 'fund:updated', payload },
        'ipo_waived',
      );
      return { status: 'waived' };
    },
    { lockUser: userId },
  );
}
