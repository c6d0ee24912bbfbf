import type { IpoListing, IpoSubscription } from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { listingPhase } from '@kabuto/schema/ipo';
import { changeRate, formatPrice, notionalMinor } from '@kabuto/schema/market';

export type Lang = 'jp' | 'cn' | 'us';

export function listingName(listing: IpoListing, lang: Lang): string {
  if (lang === 'cn') return listing.names.zh;
  return lang === 'us' ? listing.names.en : listing.names.ja;
}

export const moneyOf = (listing: IpoListing, minor: bigint): string =>
  formatScaled(minor, scaleOf(listing.currency));

/** One listing as `ipo/list` shows it, its phase read from the injected clock. */
export function listingToWire(listing: IpoListing, lang: Lang, nowMs: number) {
  return {
    id: String(listing.id),
    symbol: listing.symbol,
    name: listingName(listing, lang),
    names: listing.names,
    market: listing.market,
    currency: listing.currency,
    price: formatPrice(listing.price, listing.market),
    lot: listing.lot,
    min_lots: listing.minLots,
    max_lots: listing.maxLots,
    lots_offered: listing.lotsOffered,
    subscribe_start: listing.subscribeStart,
    subscribe_end: listing.subscribeEnd,
    draw_at: listing.drawAt,
    pay_deadline: listing.payDeadline,
    listing_date: listing.listingAt,
    status: listingPhase(listing, nowMs),
    drawn: listing.draw !== null,
    listed: listing.listedAtMs !== null,
    seed_commitment: listing.seedCommitment,
    list_hash: listing.frozenList?.listHash ?? null,
    list_frozen_at: listing.frozenList?.frozenAtMs ?? null,
  };
}

/**
 * One listing as the back office's `ipo/list` shows it: the list row and the terms `ipo/update`
 * takes back (board, prices, counts, underwriter, beacon), names in every language.
 */
export function adminListingToWire(listing: IpoListing, nowMs: number) {
  return {
    ...listingToWire(listing, 'us', nowMs),
    board: listing.board,
    market_price:
      listing.marketPrice === null ? null : formatPrice(listing.marketPrice, listing.market),
    underwriting_price: formatPrice(listing.underwritingPrice, listing.market),
    issue_volume: listing.issueVolume,
    per: listing.per,
    lead_underwriter: listing.leadUnderwriter,
    beacon_kind: listing.beaconKind,
  };
}

/**
 * Lots offered ÷ lots applied as a percent with two decimals (100.00 when undersubscribed); null
 * when nobody applied (a rate of nothing: the app shows '--', never 100% or 0%).
 */
export function allotmentRate(lotsOffered: number, lotsApplied: number): string | null {
  if (lotsApplied <= 0) return null;
  if (lotsOffered >= lotsApplied) return '100.00';
  const doubled = (BigInt(lotsOffered) * 20_000n) / BigInt(lotsApplied);
  return formatScaled((doubled + 1n) / 2n, 2);
}

/** The spec's new-share fields beside the list row: cap, premium spread, applicants, rate. */
export function detailFields(
  listing: IpoListing,
  totals: { applicants: number; lotsApplied: number },
) {
  const capShares = BigInt(listing.maxLots) * BigInt(listing.lot);
  return {
    market_price:
      listing.marketPrice === null ? null : formatPrice(listing.marketPrice, listing.market),
    underwriting_price: formatPrice(listing.underwritingPrice, listing.market),
    per: listing.per,
    issue_volume: listing.issueVolume,
    lead_underwriter: listing.leadUnderwriter,
    subscription_cap: moneyOf(
      listing,
      notionalMinor(listing.market, listing.price, capShares, 'up'),
    ),
    premium_spread:
      listing.marketPrice === null ? null : changeRate(listing.marketPrice, listing.price),
    applicants: totals.applicants,
    lots_applied: totals.lotsApplied,
    allotment_rate: listing.draw ? allotmentRate(listing.lotsOffered, totals.lotsApplied) : null,
    beacon_kind: listing.beaconKind,
  };
}

export function ownSubscriptionToWire(listing: IpoListing, mine: IpoSubscription) {
  return {
    subscription_id: String(mine.id),
    lots: mine.lots,
    ticket: mine.ticket,
    status: mine.status,
    lots_won: mine.lotsWon,
    amount_due: mine.amountDue === null ? null : moneyOf(listing, mine.amountDue),
  };
}
