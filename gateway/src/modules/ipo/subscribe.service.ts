import { Refusal } from '@kabuto/schema/contracts';
import {
  findListingLockedShared,
  hashRequest,
  insertSubscription,
  isUniqueViolation,
  runIdempotent,
  subscriptionToListing,
  writeTransaction,
  type IpoListing,
  type WriteTrx,
} from '@kabuto/schema/db';
import { checkSubscription } from '@kabuto/schema/ipo';
import { ticketFor } from '@kabuto/schema/lottery';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { requireVerified } from '../funds/public.ts';

export interface SubscribeInput {
  readonly id: number;
  readonly lots: number;
  readonly request_id: string;
}

/** The application itself, under the user lock: window, lots, once per listing, then the row. */
async function apply(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  input: SubscribeInput,
  found: { listing: IpoListing | undefined; nowMs: number },
): Promise<{ subscription_id: string }> {
  const { listing, nowMs } = found;
  if (!listing) throw new Refusal('not_found');
  const refusal = checkSubscription(listing, input.lots, nowMs);
  if (refusal) throw new Refusal(refusal);
  if (await subscriptionToListing(trx, userId, listing.id)) throw new Refusal('new_share_once');
  const listingKey = deps.secrets.open(listing.sealedListingKey);
  const { id, ticket } = await insertSubscription(
    trx,
    { listingId: listing.id, userId, lots: input.lots, requestId: input.request_id, nowMs },
    (subscriptionId) => ticketFor(listingKey, subscriptionId),
  );
  const payload = {
    reason: 'ipo_subscribed' as const,
    ipo_id: String(listing.id),
    subscription_id: String(id),
    lots: input.lots,
    ticket,
  };
  await announceInTransaction(
    deps,
    trx,
    { userId, event: 'fund:updated', payload },
    'ipo_subscribed',
  );
  return { subscription_id: String(id) };
}

/**
 * `ipo/subscribe`: one application per user and listing, inside the window, lots within min and
 * max; in live mode only verified users. Applying holds nothing (Japanese practice: a winner pays
 * after the draw). The ticket, `hmac(listing_key, id)` (the key opened from its sealed form), is
 * written in the same transaction. A retry with the same request_id answers the first result;
 * concurrent requests of one user are serialised by the user lock and `ipo_subscription_once`
 * backs it up.
 */
export async function subscribe(deps: GatewayDeps, userId: number, input: SubscribeInput) {
  if (deps.config.mode === 'live') await requireVerified(deps.db, userId);
  const requestHash = hashRequest({ call: 'ipo/subscribe', id: input.id, lots: input.lots });
  // The clock is read inside the transaction, once its locks are held: a request that waited for
  // them past the close is late, and the draw's freeze (`freezeBarrier`) sees every earlier one.
  const applied = writeTransaction(
    deps.db,
    async (trx) => {
      const listing = await findListingLockedShared(trx, input.id);
      const nowMs = deps.clock.nowMs();
      return runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        apply(deps, trx, userId, input, { listing, nowMs }),
      );
    },
    { lockUser: userId },
  );
  return applied.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new Refusal('new_share_once');
    throw error;
  });
}
