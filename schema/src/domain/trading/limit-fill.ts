import type { Instrument } from '../market/instruments.ts';
import { computeFees, type FeeBreakdown } from './fees.ts';
import { requiredMargin, type OrderKind, type PositionSide } from './order-rules.ts';

/**
 * Whether a print at `price` crosses a limit: a long (a buy) at or below its limit, a short (a
 * sell) at or above it. The one copy of this rule: the gateway asks it of an arriving limit order
 * against the last price, the limit matcher of every resting order against each print.
 */
export function limitCrossedBy(side: PositionSide, limit: bigint, price: bigint): boolean {
  return side === 'long' ? price <= limit : price >= limit;
}

/**
 * The price an order executes at against the market's print `price`: a market order and a limit
 * the print crosses both fill at the print, which for a limit is at or better than the limit,
 * never worse than the market. A limit the print does not cross does not fill (null).
 */
export function executionPrice(
  order: { readonly side: PositionSide; readonly kind: OrderKind; readonly price: bigint | null },
  price: bigint,
): bigint | null {
  if (order.kind === 'market') return price;
  if (order.price === null || !limitCrossedBy(order.side, order.price, price)) return null;
  return price;
}

/**
 * Margin and fees of a resting limit order filled at `fillPrice` out of the hold taken at
 * placement (margin and fees at the limit: the worst case). A long fills at or below its limit, so
 * both are at most the hold and the rest goes back to cash. A short fills at or above its limit;
 * its fees are those of the fill, and its margin is the fill's, capped at what the hold leaves
 * after the fees, so a fill never asks for more than was held (ARCHITECTURE decision 41).
 */
export function fillFromHold(
  instrument: Instrument,
  order: {
    readonly side: PositionSide;
    readonly qty: bigint;
    readonly leverage: number;
    readonly hold: bigint;
  },
  fillPrice: bigint,
): { margin: bigint; fees: FeeBreakdown } {
  const fees = computeFees(
    instrument.market,
    order.side === 'long' ? 'buy' : 'sell',
    fillPrice,
    order.qty,
  );
  const margin = requiredMargin(instrument, fillPrice, order.qty, order.leverage);
  const covered = order.hold - fees.total;
  return { margin: margin > covered && covered > 0n ? covered : margin, fees };
}
