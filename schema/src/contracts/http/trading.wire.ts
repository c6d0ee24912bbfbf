import { formatScaled, scaleOf } from '../../domain/index.ts';
import { formatPrice } from '../../domain/market/prices.ts';
import type { PositionClose } from '../../domain/trading/position-close.ts';

/** A close on the wire (`trade/close`'s data, the stop-out's `order:updated`). */
export interface ClosedPosition {
  position_id: string;
  /** The closed row: the position itself, or the new row recording a partial close. */
  closed_id: string;
  qty: number;
  price: string;
  pnl: string;
  fee: string;
  waived: string;
}

/** A close's amounts at its currency's scale and its price at the market's decimals. */
export function closedPositionToWire(close: PositionClose): ClosedPosition {
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(close.currency));
  return {
    position_id: String(close.positionId),
    closed_id: String(close.closedId),
    qty: Number(close.qty),
    price: formatPrice(close.price, close.market),
    pnl: wire(close.pnl),
    fee: wire(close.fee),
    waived: wire(close.waived),
  };
}
