import { scaleOf } from '../money/currency.ts';
import { divideRounded } from '../money/rounding.ts';
import type { Instrument } from '../market/instruments.ts';
import { notionalMinor } from '../market/prices.ts';
import { withinLimits, type PriceLimits } from '../market/price-limits.ts';
import { MARKET_RULES } from '../market/rules.ts';
import type { SessionPhase } from '../market/sessions.ts';
import { isOnTick } from '../market/tick-size.ts';

export type PositionSide = 'long' | 'short';
export type OrderKind = 'market' | 'limit';

export interface OrderRequest {
  readonly side: PositionSide;
  readonly kind: OrderKind;
  /** Limit price at the market's price scale; absent for market orders. */
  readonly price: bigint | null;
  readonly qty: bigint;
  readonly leverage: number;
}

export interface MarketContext {
  readonly phase: SessionPhase;
  /** The feed's last price, or null when there is none. */
  readonly lastPrice: bigint | null;
  readonly limits: PriceLimits | null;
}

/** The refusal keys of order checks, in the order they are checked. */
export type OrderRefusal =
  | 'cannot_buy'
  | 'outside_trading_hours'
  | 'price_unavailable'
  | 'tick_size_invalid'
  | 'price_limit_exceeded'
  | 'qty_invalid'
  | 'leverage_invalid'
  | 'not_shortable';

/** Quantity rules: at least the minimum, on the step, at most the per-order maximum. */
export function quantityValid(instrument: Instrument, qty: bigint): boolean {
  const { minQty, qtyStep, maxQtyPerOrder } = instrument.quantity;
  return (
    qty >= BigInt(minQty) &&
    qty <= BigInt(maxQtyPerOrder) &&
    (qty - BigInt(minQty)) % BigInt(qtyStep) === 0n
  );
}

/**
 * Checks an order against the instrument's rules and the market's state. Returns the first
 * refusal, or null when the order may proceed to the funds check.
 */
export function checkOrder(
  instrument: Instrument,
  order: OrderRequest,
  market: MarketContext,
): OrderRefusal | null {
  if (instrument.kind !== 'stock') return 'cannot_buy';
  if (market.phase !== 'continuous') return 'outside_trading_hours';
  if (market.lastPrice === null) return 'price_unavailable';
  if (order.kind === 'limit') {
    if (order.price === null || !isOnTick(instrument.tickTable, order.price)) {
      return 'tick_size_invalid';
    }
    if (!withinLimits(market.limits, order.price)) return 'price_limit_exceeded';
  }
  if (!quantityValid(instrument, order.qty)) return 'qty_invalid';
  if (
    !Number.isInteger(order.leverage) ||
    order.leverage < 1 ||
    order.leverage > instrument.maxLeverage
  ) {
    return 'leverage_invalid';
  }
  if (order.side === 'short' && !instrument.shortable) return 'not_shortable';
  return null;
}

/** Margin for a position: notional ÷ leverage, rounded up to the currency's minor unit. */
export function requiredMargin(
  instrument: Instrument,
  price: bigint,
  qty: bigint,
  leverage: number,
): bigint {
  const notional = notionalMinor(instrument.market, price, qty, 'up');
  return divideRounded(notional, BigInt(leverage), 'up');
}

/**
 * Profit or loss of closing `qty` opened at `open` at `close`, in minor units of the currency:
 * (close − open) × qty for longs, the negative for shorts, rounded toward zero (a fraction of a
 * minor unit is never credited and never charged).
 */
export function realisedPnl(
  instrument: Instrument,
  side: PositionSide,
  open: bigint,
  close: bigint,
  qty: bigint,
): bigint {
  const { priceScale } = MARKET_RULES[instrument.market];
  const direction = side === 'long' ? 1n : -1n;
  const raw = (close - open) * qty * direction;
  const shift = BigInt(priceScale) - BigInt(scaleOf(instrument.currency));
  if (shift <= 0n) return raw * 10n ** -shift;
  return divideRounded(raw, 10n ** shift, 'down');
}

/** An open position at a price: its market value (notional) and unrealised P&L, in minor units. */
export function valuePosition(
  instrument: Instrument,
  position: { side: PositionSide; qty: bigint; openPrice: bigint },
  price: bigint,
): { marketValue: bigint; unrealizedPnl: bigint } {
  return {
    marketValue: notionalMinor(instrument.market, price, position.qty, 'half-even'),
    unrealizedPnl: realisedPnl(instrument, position.side, position.openPrice, price, position.qty),
  };
}

export type MarginState = 'ok' | 'margin_call' | 'stop_out';

/**
 * A position's margin state at a price: equity (margin + unrealised P&L) against the position's
 * value. Below the market's maintenance level it is a margin call; below the stop-out level the
 * position is closed at the feed price (rules.ts; Japan: maintenance 20%, stop-out 10%).
 */
export function marginState(
  instrument: Instrument,
  position: { side: PositionSide; qty: bigint; openPrice: bigint; margin: bigint },
  price: bigint,
): MarginState {
  const { marketValue, unrealizedPnl } = valuePosition(instrument, position, price);
  const equity = (position.margin + unrealizedPnl) * 100n;
  const rules = MARKET_RULES[instrument.market];
  if (equity < marketValue * BigInt(rules.stopOutPercent)) return 'stop_out';
  if (equity < marketValue * BigInt(rules.maintenancePercent)) return 'margin_call';
  return 'ok';
}
