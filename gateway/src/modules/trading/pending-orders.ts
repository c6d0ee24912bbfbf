import type { PendingOrder } from '@kabuto/schema/contracts';
import type { TradeOrderRow } from '@kabuto/schema/db';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import {
  findInstrument,
  formatPrice,
  localClock,
  MARKET_RULES,
  type Instrument,
} from '@kabuto/schema/market';

const GROUP_KINDS = ['oco', 'ifd', 'ifdoco'] as const;

/** A live or waiting order as `trade/pendinglist` shows it: kind, limit, trigger, trail, validity, group. */
export function pendingOrderOf(row: TradeOrderRow, nowMs: number): PendingOrder {
  const instrument = findInstrument(row.symbol) as Instrument;
  const timeZone = MARKET_RULES[instrument.market].timeZone;
  // expires_at is the first instant after the last valid day: a millisecond before is that day.
  const validUntil =
    row.expires_at === null ? null : localClock(Number(row.expires_at) - 1, timeZone).date;
  const price = (value: bigint | null) =>
    value === null ? null : formatPrice(value, instrument.market);
  const trailUnit =
    row.trail_unit === 'percent' || row.trail_unit === 'price' ? row.trail_unit : null;
  const trail =
    row.trail === null
      ? null
      : trailUnit === 'percent'
        ? formatScaled(row.trail, 2)
        : price(row.trail);
  const groupKind = GROUP_KINDS.find((kind) => kind === row.group_kind) ?? null;
  return {
    order_id: String(row.id),
    symbol: row.symbol,
    name: instrument.names,
    side: row.side,
    kind: row.kind,
    stock_num: Number(row.qty),
    leverage: Number(row.leverage),
    currency: row.currency,
    price: price(row.limit_price),
    hold: formatScaled(row.hold_amount, scaleOf(row.currency as Currency)),
    created_at: Number(row.created_at),
    status: 0,
    state: row.status === 'inactive' ? 'waiting' : 'live',
    trigger_price: price(row.trigger_price),
    trail,
    trail_unit: trailUnit,
    triggered: row.triggered_at !== null,
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    valid_until: validUntil,
    valid_today: validUntil !== null && validUntil === localClock(nowMs, timeZone).date,
    group_id: row.group_id === null ? null : String(row.group_id),
    group_kind: groupKind,
    close_position_id: row.close_position_id === null ? null : String(row.close_position_id),
  };
}
