import { dailyLimits } from '../../../domain/market/price-limits.ts';
import { notionalMinor } from '../../../domain/market/prices.ts';
import type { Market, PriceLimitRule, TickTableId } from '../../../domain/market/rules.ts';
import { isOnTick } from '../../../domain/market/tick-size.ts';

/** How an offer's lots go: bought in the window until gone, or drawn at the close. */
export const BLOCK_RULES = ['first_come', 'lottery'] as const;
export type BlockRule = (typeof BLOCK_RULES)[number];

/** The markets that have block offers unless configured otherwise (MARKET-RULES.md §8). */
export const BLOCK_MARKETS_DEFAULT: readonly Market[] = ['JP'];

/** An offer's phase by the clock: before `opens_at`, in the window, or past it (or closed early). */
export type OfferPhase = 'upcoming' | 'open' | 'closed';

export function offerPhase(
  offer: { opensAt: number; closesAt: number; closedAt: number | null },
  nowMs: number,
): OfferPhase {
  if (offer.closedAt !== null && nowMs >= offer.closedAt) return 'closed';
  if (nowMs < offer.opensAt) return 'upcoming';
  return nowMs < offer.closesAt ? 'open' : 'closed';
}

export type BlockPurchaseRefusal =
  'block_trade_closed' | 'min_lots' | 'quota_insufficient' | 'already_applied';

/**
 * A purchase's checks before anything is written: inside the window, at least `min_lots`, at most
 * `max_lots` (the per-buyer quota, counting what the buyer already holds on the offer). A
 * first-come purchase takes no more than the lots left (checked again by the conditional update);
 * a lottery application is one per buyer (one account, one application, as Rakuten runs its
 * draws) and may ask for more than is offered: the draw decides.
 */
export function checkPurchase(
  offer: {
    opensAt: number;
    closesAt: number;
    closedAt: number | null;
    minLots: number;
    maxLots: number;
    lotsLeft: number;
    rule: BlockRule;
  },
  purchase: { lots: number; alreadyBought: number },
  nowMs: number,
): BlockPurchaseRefusal | null {
  if (offerPhase(offer, nowMs) !== 'open') return 'block_trade_closed';
  if (purchase.lots < offer.minLots) return 'min_lots';
  if (offer.rule === 'lottery' && purchase.alreadyBought > 0) return 'already_applied';
  if (purchase.alreadyBought + purchase.lots > offer.maxLots) return 'quota_insufficient';
  if (offer.rule === 'lottery') return null;
  if (purchase.lots > offer.lotsLeft) return 'quota_insufficient';
  return null;
}

export type OfferPriceRefusal = 'not_below_prev_close' | 'below_daily_limit' | 'off_tick';

/**
 * An offer's price (MARKET-RULES.md §8): at a discount to the previous close, not below the day's
 * lower limit from that close, and on the tick grid.
 */
export function checkOfferPrice(
  instrument: { tickTable: TickTableId; priceLimit: PriceLimitRule },
  price: bigint,
  prevClose: bigint,
): OfferPriceRefusal | null {
  if (price >= prevClose) return 'not_below_prev_close';
  const limits = dailyLimits(instrument.priceLimit, instrument.tickTable, prevClose);
  if (limits !== null && price < limits.down) return 'below_daily_limit';
  if (!isOnTick(instrument.tickTable, price)) return 'off_tick';
  return null;
}

/** A purchase's cost in minor units of the offer's currency: lots × shares per lot × price. */
export function purchaseCost(market: Market, price: bigint, lot: number, lots: number): bigint {
  return notionalMinor(market, price, BigInt(lot * lots), 'half-up');
}

/** The discount to a price, in percent with two decimals (`"3.25"`); null without a price. */
export function discountPercent(offerPrice: bigint, reference: bigint | null): string | null {
  if (reference === null || reference <= 0n) return null;
  const bp = ((reference - offerPrice) * 10_000n) / reference;
  const sign = bp < 0n ? '-' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
