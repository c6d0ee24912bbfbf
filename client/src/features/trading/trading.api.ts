import type {
  CallInput,
  ClosedPositionRow,
  Holding,
  HoldingSide,
  OpenPosition,
  OrderPreview,
  PendingOrder,
} from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export type OrderKind = 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';

/** What an order waits on beyond its kind (CONTRACT.md section 6). */
export interface OrderTermsInput {
  kind: OrderKind;
  price?: string;
  trigger_price?: string;
  trail?: string;
  trail_unit?: 'price' | 'percent';
  /** 'day', or a date YYYY-MM-DD up to six months ahead. */
  validity?: string;
}

export interface OrderInput extends OrderTermsInput {
  symbol: string;
  side: 'long' | 'short';
  qty: string;
  leverage: string;
  /** A closing order (take profit, stop loss) of this position. */
  position_id?: string;
  /** '1': under the caller's intraday application (a market order at the day-trade leverage). */
  intraday?: '1';
}

export type { HoldingSide, Holding, OrderPreview, PendingOrder };
/** A held or closed position as `trade/userstocklist(s)` sends it (spec names plus our fields). */
export type PositionItem = OpenPosition | ClosedPositionRow;

const TERM_FIELDS = ['price', 'trigger_price', 'trail', 'trail_unit', 'validity'] as const;

/** The terms an order kind takes, and nothing else (a market order takes none). */
function termsPayload(input: OrderTermsInput): Record<string, string> {
  const payload: Record<string, string> = { kind: input.kind };
  for (const field of TERM_FIELDS) {
    const value = input[field];
    if (value) payload[field] = value;
  }
  return payload;
}

function orderPayload(input: OrderInput): CallInput<'trade/preview'> {
  return {
    symbol: input.symbol,
    side: input.side,
    qty: input.qty,
    leverage: input.leverage,
    ...termsPayload(input),
    ...(input.position_id ? { position_id: input.position_id } : {}),
    ...(input.intraday ? { intraday: input.intraday } : {}),
  } as CallInput<'trade/preview'>;
}

/** A payload's fields under a leg's prefix (`leg1_`, `if_`, `then_`). */
function prefixed(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [prefix + k, v]));
}

/** Items of a keyed list (spec shape: index keys plus totals). */
function itemsOf<T extends PositionItem>(data: Readonly<Record<string, T | string>> | null): T[] {
  if (!data) return [];
  return Object.keys(data)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => data[k])
    .filter((item): item is T => typeof item === 'object');
}

export const tradingApi = {
  async preview(input: OrderInput) {
    return callApi('trade/preview', orderPayload(input), { quiet: true });
  },
  async place(input: OrderInput) {
    return callApi('trade/order', {
      ...orderPayload(input),
      request_id: newRequestId(),
    });
  },
  /** Closes the whole position, or `qty` of it. */
  async close(positionId: string, qty?: number) {
    return callApi('trade/close', {
      position_id: positionId,
      ...(qty ? { qty: String(qty) } : {}),
      request_id: newRequestId(),
    });
  },
  /** An opening order and, once it fills, its take profit and/or stop loss (IFD, or IFDOCO with both). */
  async placeIfd(first: OrderInput, seconds: OrderTermsInput[]) {
    const [then1, then2] = seconds;
    return callApi('trade/order_ifd', {
      ...prefixed('if_', orderPayload(first) as Record<string, string>),
      ...(then1 ? prefixed('then_', termsPayload(then1)) : {}),
      ...(then2 ? prefixed('then2_', termsPayload(then2)) : {}),
      request_id: newRequestId(),
    } as CallInput<'trade/order_ifd'>);
  },
  /** Two orders, one cancelled when the other fills (OCO). */
  async placeOco(one: OrderInput, two: OrderInput) {
    return callApi('trade/order_oco', {
      ...prefixed('leg1_', orderPayload(one) as Record<string, string>),
      ...prefixed('leg2_', orderPayload(two) as Record<string, string>),
      request_id: newRequestId(),
    } as CallInput<'trade/order_oco'>);
  },
  async holding(symbol: string): Promise<Holding | null> {
    const response = await callApi('trade/holding', { symbol }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async cancel(orderId: string) {
    return callApi('trade/cancel', { order_id: orderId });
  },
  async holdings(): Promise<{ items: PositionItem[]; ccsz: string; fdyk: string }> {
    const response = await callApi(
      'trade/userstocklist',
      { type: storage.currency() },
      { quiet: true },
    );
    const data = response.status === 1 ? response.data : null;
    return { items: itemsOf(data), ccsz: data?.ccsz ?? '0', fdyk: data?.fdyk ?? '0' };
  },
  async closed(): Promise<{ items: PositionItem[]; lsyk: string }> {
    const response = await callApi(
      'trade/userstocklists',
      { type: storage.currency() },
      { quiet: true },
    );
    const data = response.status === 1 ? response.data : null;
    return { items: itemsOf(data), lsyk: data?.lsyk ?? '0' };
  },
  async pending(): Promise<PendingOrder[]> {
    const response = await callApi(
      'trade/pendinglist',
      { type: storage.currency() },
      { quiet: true },
    );
    return response.status === 1 && Array.isArray(response.data) ? response.data : [];
  },
};
