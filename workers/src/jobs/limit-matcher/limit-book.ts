import type { PendingOrder } from '@kabuto/schema/db';
import { findInstrument, parseScaledPrice } from '@kabuto/schema/market';
import { limitCrossedBy } from '@kabuto/schema/trading';

/**
 * The matcher's in-memory index of resting limit orders, per symbol. Which orders a print crosses
 * is the shared rule `limitCrossedBy` (a long at or below its limit, a short at or above).
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

  /** Orders a print at `priceText` crosses, oldest first, with the print's price (they fill at it). */
  crossing(symbol: string, priceText: string): { price: bigint; orders: PendingOrder[] } {
    const orders = this.bySymbol.get(symbol);
    const instrument = findInstrument(symbol);
    const none = { price: 0n, orders: [] };
    if (!orders || orders.size === 0 || !instrument) return none;
    let price: bigint;
    try {
      price = parseScaledPrice(priceText, instrument.market);
    } catch {
      return none;
    }
    const crossed = [...orders.values()]
      .filter((o) => limitCrossedBy(o.side, o.limitPrice, price))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    return { price, orders: crossed };
  }
}
