import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export interface OrderInput {
  symbol: string;
  side: 'long' | 'short';
  kind: 'market' | 'limit';
  price?: string;
  qty: string;
  leverage: string;
}

export interface OrderPreview {
  currency: string;
  price: string;
  fills_now: boolean;
  margin: string;
  fee: string;
  stamp_duty: string;
  total: string;
  /** Cash in the instrument's currency: the buying power this order sees. */
  available: string;
  buy_fee: string;
  sell_fee: string;
  stamp_duty_applies: boolean;
  /** The cash pays margin and fees; otherwise the sheet does not offer the confirm. */
  affordable: boolean;
}

export interface HoldingSide {
  qty: number;
  avg_price: string;
  pnl: string;
}

export interface Holding {
  symbol: string;
  currency: string;
  long: HoldingSide | null;
  short: HoldingSide | null;
}

/** A held or closed position as `trade/userstocklist(s)` sends it (spec names plus our fields). */
export interface PositionItem {
  status: number;
  position_id: string;
  order_id?: string;
  symbol: string;
  name: { ja: string; en: string; zh: string };
  currency: string;
  side: 'long' | 'short';
  leverage: number;
  stock_num: number;
  buy_price: string;
  nowprice?: string;
  sell_price?: string;
  margin?: string;
  market_value?: string;
  yingkui: string;
  buy_time: number;
  sell_time?: number;
  reason?: string;
}

export interface PendingOrder {
  order_id: string;
  symbol: string;
  name: { ja: string; en: string; zh: string };
  side: string;
  stock_num: number;
  leverage: number;
  price: string;
  hold: string;
  currency: string;
  created_at: number;
}

function orderPayload(input: OrderInput): Record<string, string> {
  const payload: Record<string, string> = {
    symbol: input.symbol,
    side: input.side,
    kind: input.kind,
    qty: input.qty,
    leverage: input.leverage,
  };
  if (input.kind === 'limit' && input.price) payload['price'] = input.price;
  return payload;
}

/** Items of a keyed list (spec shape: index keys plus totals). */
function itemsOf(data: Record<string, unknown> | null | undefined): PositionItem[] {
  if (!data) return [];
  return Object.keys(data)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => data[k] as PositionItem);
}

export const tradingApi = {
  async preview(input: OrderInput) {
    return callApi<OrderPreview>('trade/preview', orderPayload(input), { quiet: true });
  },
  async place(input: OrderInput) {
    return callApi<{ order_id: string; status: string; price: string }>('trade/order', {
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
    const response = await callApi<Holding>('trade/holding', { symbol }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async cancel(orderId: string) {
    return callApi('trade/cancel', { order_id: orderId });
  },
  async holdings(): Promise<{ items: PositionItem[]; ccsz: string; fdyk: string }> {
    const response = await callApi<Record<string, unknown>>(
      'trade/userstocklist',
      { type: storage.currency() },
      { quiet: true },
    );
    const data = response.status === 1 ? response.data : null;
    return {
      items: itemsOf(data),
      ccsz: String(data?.['ccsz'] ?? '0'),
      fdyk: String(data?.['fdyk'] ?? '0'),
    };
  },
  async closed(): Promise<{ items: PositionItem[]; lsyk: string }> {
    const response = await callApi<Record<string, unknown>>(
      'trade/userstocklists',
      { type: storage.currency() },
      { quiet: true },
    );
    const data = response.status === 1 ? response.data : null;
    return { items: itemsOf(data), lsyk: String(data?.['lsyk'] ?? '0') };
  },
  async pending(): Promise<PendingOrder[]> {
    const response = await callApi<PendingOrder[]>(
      'trade/pendinglist',
      { type: storage.currency() },
      { quiet: true },
    );
    return response.status === 1 && Array.isArray(response.data) ? response.data : [];
  },
};
