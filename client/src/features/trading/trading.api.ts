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

export interface OrderInput {
  symbol: string;
  side: 'long' | 'short';
  kind: 'market' | 'limit';
  price?: string;
  qty: string;
  leverage: string;
  /** '1': under the caller's intraday application (a market order at the day-trade leverage). */
  intraday?: '1';
}

export type { HoldingSide, Holding, OrderPreview, PendingOrder };
/** A held or closed position as `trade/userstocklist(s)` sends it (spec names plus our fields). */
export type PositionItem = OpenPosition | ClosedPositionRow;

function orderPayload(input: OrderInput): CallInput<'trade/preview'> {
  return {
    symbol: input.symbol,
    side: input.side,
    kind: input.kind,
    qty: input.qty,
    leverage: input.leverage,
    ...(input.kind === 'limit' && input.price ? { price: input.price } : {}),
    ...(input.intraday ? { intraday: input.intraday } : {}),
  };
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
