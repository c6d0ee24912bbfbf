import { notionalMinor } from '../../../domain/market/prices.ts';
import type { Market } from '../../../domain/market/rules.ts';

/**
 * A listing's phase for the user, from its window (the spec's "not started, subscribing,
 * ended"): `upcoming` before `subscribe_start`, `open` until `subscribe_end` (exclusive), then
 * `closed`.
 */
export type ListingPhase = 'upcoming' | 'open' | 'closed';

export function listingPhase(
  window: { subscribeStart: number; subscribeEnd: number },
  nowMs: number,
): ListingPhase {
  if (nowMs < window.subscribeStart) return 'upcoming';
  return nowMs < window.subscribeEnd ? 'open' : 'closed';
}

/**
 * A subscription's status (`HOLD_LIFECYCLES.ipo_subscription` holds the moves): applied, then the
 * draw makes it won or lost; a winner pays (paid), waives, or is forfeited at the deadline; paid
 * lots become a holding at listing (listed). "Sold" is shown when that holding is closed.
 */
export const SUBSCRIPTION_STATUSES = [
  'applied',
  'won',
  'lost',
  'paid',
  'waived',
  'forfeited',
  'listed',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription request is refused, before anything is written. */
export type SubscribeRefusal = 'subscription_not_open' | 'qty_invalid';

/**
 * Open by the clock and its list not yet frozen: once the freeze step has published the list hash
 * nothing joins the list, even from a process whose clock is behind the close.
 */
export function checkSubscription(
  listing: {
    subscribeStart: number;
    subscribeEnd: number;
    minLots: number;
    maxLots: number;
    frozenList?: object | null;
  },
  lots: number,
  nowMs: number,
): SubscribeRefusal | null {
  if (listingPhase(listing, nowMs) !== 'open' || listing.frozenList) return 'subscription_not_open';
  if (!Number.isSafeInteger(lots) || lots < listing.minLots || lots > listing.maxLots) {
    return 'qty_invalid';
  }
  return null;
}

/**
 * What a winner pays: lots won × shares per lot × the subscription price, in minor units of the
 * currency, rounded up (the same rule as an order's margin: never less than the shares cost).
 */
export function amountDue(
  market: Market,
  price: bigint,
  lotsWon: number,
  sharesPerLot: number,
): bigint {
  return notionalMinor(market, price, BigInt(lotsWon) * BigInt(sharesPerLot), 'up');
}

/** Shares a winner receives at listing. */
export function sharesWon(lotsWon: number, sharesPerLot: number): bigint {
  return BigInt(lotsWon) * BigInt(sharesPerLot);
}
