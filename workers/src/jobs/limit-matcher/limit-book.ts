import type { PendingOrder } from '@kabuto/schema/db';
import { findInstrument, parseScaledPrice } from '@kabuto/schema/market';

/**
 * The matcher's in-memory index of resting limit orders, per symbol. A long order crosses when the
 * price falls to or below its limit; a short when the price rises to or above it.
 */
export class LimitBook {
  private bySymbol = new Map<string, Map<bigint, PendingOrder>>();

  add(order: PendingOrder): void {
    const orders = this.bySymbol.get(order.symbol) ?? new Map<bigint, PendingOrder>();
    orders.set(order.id, order);
    this.bySymbol.set(order.symbol, orders);
  }

  /** Replaces the whole book with the database's pending orders (new ones in, cancelled ones out). */
  replaceAll(orders: readonly PendingOrder[]): void {
    this.bySymbol = new Map();
    for (const order of orders) this.add(order);
  }

  remove(order: Pick<PendingOrder, 'id' | 'symbol'>): void {
    this.bySymbol.get(order.symbol)?.delete(order.id);
  }

  get size(): number {
    let total = 0;
    for (const orders of this.bySymbol.values()) total += orders.size;
    return total;
  }

  /** Orders a print at `priceText` crosses, oldest first. */
  crossing(symbol: string, priceText: string): PendingOrder[] {
    const orders = this.bySymbol.get(symbol);
    const instrument = findInstrument(symbol);
    if (!orders || orders.size === 0 || !instrument) return [];
    let price: bigint;
    try {
      price = parseScaledPrice(priceText, instrument.market);
    } catch {
      return [];
    }
    return [...orders.values()]
      .filter((o) => (o.side === 'long' ? price <= o.limitPrice : price >= o.limitPrice))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }
}
