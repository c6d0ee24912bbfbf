import { localClock } from '../market/calendar-dates.ts';
import type { Instrument } from '../market/instruments.ts';
import type { Market } from '../market/rules.ts';
import type { Currency } from '../money/currency.ts';
import { MARKET_RULES } from '../market/rules.ts';
import { divideRounded } from '../money/rounding.ts';
import type { FeeBreakdown } from './fees.ts';
import type { PositionSide } from './order-rules.ts';

/**
 * What opening a position costs in cash: its margin plus its fees (the whole fee breakdown,
 * stamp duty included). One rule for the fill from cash, the hold of a resting limit order and
 * the total an order preview shows.
 */
export function marginPlusFees(margin: bigint, fees: FeeBreakdown): bigint {
  return margin + fees.total;
}

/**
 * T+1 (China A-shares): shares bought on a trading date cannot be sold the same date, in the
 * market's own time zone. Only a long on a T+1 market is held back; a short closes any time.
 */
export function tPlusOneBlocksClose(
  instrument: Instrument,
  side: PositionSide,
  openedAtMs: number,
  nowMs: number,
): boolean {
  const rules = MARKET_RULES[instrument.market];
  if (!rules.tPlusOne || side !== 'long') return false;
  return localClock(openedAtMs, rules.timeZone).date === localClock(nowMs, rules.timeZone).date;
}

/** A close of `qty` out of a position's `held`: all of it, or whole steps leaving at least the minimum. */
export function closeQuantityValid(instrument: Instrument, held: bigint, qty: bigint): boolean {
  if (qty === held) return true;
  const { minQty, qtyStep } = instrument.quantity;
  return qty > 0n && qty < held && qty % BigInt(qtyStep) === 0n && held - qty >= BigInt(minQty);
}

/**
 * The margin a partial close of `closedQty` out of `heldQty` takes with it: its pro-rata share,
 * rounded down to the minor unit. The remainder of the division stays with the open rest, so the
 * two parts always add up to the margin held and the rest never holds less than its share.
 */
export function marginShareOfPartialClose(
  margin: bigint,
  closedQty: bigint,
  heldQty: bigint,
): bigint {
  return divideRounded(margin * closedQty, heldQty, 'down');
}

/** A close as the ledger booked it: the closed part's figures in minor units and price units. */
export interface PositionClose {
  readonly positionId: bigint;
  /** The closed row: the position itself, or the new row recording a partial close. */
  readonly closedId: bigint;
  readonly currency: Currency;
  readonly market: Market;
  readonly qty: bigint;
  readonly price: bigint;
  readonly pnl: bigint;
  readonly fee: bigint;
  /** The loss beyond the margin and cash that the platform waived (negative balance protection). */
  readonly waived: bigint;
}
