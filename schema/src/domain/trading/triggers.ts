import { divideRounded } from '../money/rounding.ts';
import { limitCrossedBy } from './limit-fill.ts';
import type { PositionSide } from './order-rules.ts';

/**
 * Orders beyond market and limit (issue 23 item 1), as Japanese brokers name them: a stop (逆指値)
 * becomes a market order when the last price reaches its trigger, a stop-limit becomes a limit
 * order, a trailing stop's trigger follows the best price seen by a fixed distance or percent.
 * The pure rules, one copy: the gateway asks them at placement, the matcher on every print, the
 * property tests over random price paths.
 */
export type ConditionalKind = 'stop' | 'stop_limit' | 'trailing_stop';
export type AnyOrderKind = 'market' | 'limit' | ConditionalKind;

/** Which way an order trades: a buy opens a long or closes a short; a sell the other two. */
export type Direction = 'buy' | 'sell';

export function directionOf(side: PositionSide, closes: boolean): Direction {
  return (side === 'long') !== closes ? 'buy' : 'sell';
}

/** A trailing stop's distance: at the market's price scale, or in hundredths of a percent. */
export interface Trail {
  readonly amount: bigint;
  readonly unit: 'price' | 'percent';
}

/** A live order as the matcher sees it between prints. */
export interface LiveOrderState {
  readonly direction: Direction;
  readonly kind: AnyOrderKind;
  /** The limit of a limit or stop-limit order; null otherwise. */
  readonly limit: bigint | null;
  /** The stop's trigger (a trailing stop's follows its watermark); null for a plain limit. */
  readonly trigger: bigint | null;
  /** A stop-limit whose trigger was reached rests as a limit. */
  readonly triggered: boolean;
  readonly trail: Trail | null;
  /** The best price a trailing stop has seen (highest for a sell, lowest for a buy). */
  readonly watermark: bigint | null;
  /**
   * The highest trigger an opening sell trailing stop may follow to: the price its hold was taken
   * at, so the fill (at or below the trigger) is always covered. Null: no cap.
   */
  readonly triggerCap?: bigint | null;
}

/** What one print does to a live order: nothing, a trigger, a new watermark, a fill at the print. */
export interface PrintOutcome {
  /** The fill's price: always the print itself (never a price the market did not print). */
  readonly fill: bigint | null;
  /** True when this print reached the trigger of a stop not triggered before. */
  readonly triggeredNow: boolean;
  /** A trailing stop's new watermark and trigger, when the print moved them. */
  readonly moved: { watermark: bigint; trigger: bigint } | null;
}

/** A stop triggers when the print reaches it: a buy stop at or above, a sell stop at or below. */
export function stopReachedBy(direction: Direction, trigger: bigint, price: bigint): boolean {
  return direction === 'buy' ? price >= trigger : price <= trigger;
}

/** A limit fills at a print at or better than it: a buy at or below, a sell at or above. */
export function limitReachedBy(direction: Direction, limit: bigint, price: bigint): boolean {
  return limitCrossedBy(direction === 'buy' ? 'long' : 'short', limit, price);
}

/** A trailing stop's trigger at `watermark`: below it for a sell, above it for a buy. */
export function trailingTrigger(direction: Direction, watermark: bigint, trail: Trail): bigint {
  const distance =
    trail.unit === 'price'
      ? trail.amount
      : divideRounded(watermark * trail.amount, 10_000n, 'down');
  return direction === 'sell' ? watermark - distance : watermark + distance;
}

function betterWatermark(direction: Direction, watermark: bigint, price: bigint): boolean {
  return direction === 'sell' ? price > watermark : price < watermark;
}

const NOTHING: PrintOutcome = { fill: null, triggeredNow: false, moved: null };

/**
 * One print against one live order. A limit (or a triggered stop-limit) fills at the print when
 * the print reaches its limit. A stop or trailing stop whose trigger the print reaches fills at
 * the print; a stop-limit's trigger turns it into a limit, which this same print may fill. A
 * trailing stop not triggered moves its watermark (and trigger) with a better print.
 */
export function onPrint(order: LiveOrderState, price: bigint): PrintOutcome {
  const { direction } = order;
  const restsAsLimit = order.kind === 'limit' || (order.kind === 'stop_limit' && order.triggered);
  if (restsAsLimit) {
    if (order.limit === null) return NOTHING;
    return limitReachedBy(direction, order.limit, price) ? { ...NOTHING, fill: price } : NOTHING;
  }
  if (order.kind === 'market' || order.trigger === null) return NOTHING;
  if (stopReachedBy(direction, order.trigger, price)) {
    if (order.kind !== 'stop_limit') return { ...NOTHING, fill: price, triggeredNow: true };
    const fills = order.limit !== null && limitReachedBy(direction, order.limit, price);
    return { ...NOTHING, fill: fills ? price : null, triggeredNow: true };
  }
  if (order.kind === 'trailing_stop' && order.trail && order.watermark !== null) {
    if (!betterWatermark(direction, order.watermark, price)) return NOTHING;
    const followed = trailingTrigger(direction, price, order.trail);
    const cap = order.triggerCap ?? null;
    const trigger = cap !== null && followed > cap ? cap : followed;
    return { ...NOTHING, moved: { watermark: price, trigger } };
  }
  return NOTHING;
}

/**
 * How far a triggered buy stop may fill above the price its hold was taken at before the fill is
 * cancelled instead (a gap through the trigger, where the market has no price limit: US).
 */
export const STOP_HOLD_BAND_BP = 1_000n;

function withBand(price: bigint): bigint {
  return divideRounded(price * (10_000n + STOP_HOLD_BAND_BP), 10_000n, 'up');
}

/**
 * The price an opening order's hold is taken at: the worst fill it may get. A limit or
 * stop-limit at its limit; a sell stop at its trigger (it fills at or below); a buy stop at its
 * trigger plus the band; a trailing stop (whose trigger moves) at the last price plus the band,
 * or its first trigger plus the band for a buy. A fill that would need more than the hold is
 * cancelled as `beyond_hold`, never filled short of money.
 */
export function holdPriceOf(
  order: Pick<LiveOrderState, 'direction' | 'kind' | 'limit' | 'trigger'>,
  lastPrice: bigint,
): bigint {
  if (order.kind === 'limit') return order.limit ?? lastPrice;
  if (order.kind === 'market') return lastPrice;
  const trigger = order.trigger ?? lastPrice;
  if (order.kind === 'stop_limit') {
    // A buy fills at or below its limit; a sell at or above it, so up to the band over the
    // higher of its trigger and limit (past that, `beyond_hold`).
    const limit = order.limit ?? trigger;
    if (order.direction === 'buy') return limit;
    return withBand(limit > trigger ? limit : trigger);
  }
  if (order.kind === 'stop') return order.direction === 'sell' ? trigger : withBand(trigger);
  // A trailing stop: a buy's trigger only falls (its first plus the band covers a gap); a sell's
  // trigger rises with the price, capped at this hold price (`triggerCap`).
  return withBand(order.direction === 'buy' ? trigger : lastPrice);
}

/**
 * Whether a trigger makes sense against the last price: a buy stop above it, a sell stop below
 * (one the last price has already reached would fire at once: a market or limit order says so).
 */
export function triggerSideValid(
  direction: Direction,
  trigger: bigint,
  lastPrice: bigint,
): boolean {
  return direction === 'buy' ? trigger > lastPrice : trigger < lastPrice;
}
