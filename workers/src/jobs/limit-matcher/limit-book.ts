import { findInstrument, parseScaledPrice } from '@kabuto/schema/market';
import { onPrint, type PrintOutcome } from '@kabuto/schema/trading';
import type { LiveOrder } from '@kabuto/schema/modules/trading';

/**
 * The matcher's in-memory index of live orders (limits, stops, trailing stops), per symbol. What a
 * print does to each is the shared rule `onPrint`; the book keeps each order's trigger state as
 * the database has it (a trailing stop's watermark, a stop-limit once triggered).
 */
export class LimitBook {
  private bySymbol = new Map<string, Map<bigint, LiveOrder>>();

  add(order: LiveOrder): void {
    const orders = this.bySymbol.get(order.symbol) ?? new Map<bigint, LiveOrder>();
    orders.set(order.id, order);
    this.bySymbol.set(order.symbol, orders);
  }

  /** Replaces the whole book with the database's live orders (new ones in, ended ones out). */
  replaceAll(orders: readonly LiveOrder[]): void {
    this.bySymbol = new Map();
    for (const order of orders) this.add(order);
  }

  remove(order: Pick<LiveOrder, 'id' | 'symbol'>): void {
    this.bySymbol.get(order.symbol)?.delete(order.id);
  }

  has(orderId: bigint): boolean {
    for (const orders of this.bySymbol.values()) if (orders.has(orderId)) return true;
    return false;
  }

  get size(): number {
    let total = 0;
    for (const orders of this.bySymbol.values()) total += orders.size;
    return total;
  }

  /**
   * The orders a print at `priceText` does something to (fills, triggers, moves a trailing
   * stop), oldest first, with the print's price (a fill is at it) and each outcome.
   */
  affectedBy(
    symbol: string,
    priceText: string,
  ): { price: bigint; hits: Array<{ order: LiveOrder; outcome: PrintOutcome }> } {
    const orders = this.bySymbol.get(symbol);
    const instrument = findInstrument(symbol);
    const none = { price: 0n, hits: [] };
    if (!orders || orders.size === 0 || !instrument) return none;
    let price: bigint;
    try {
      price = parseScaledPrice(priceText, instrument.market);
    } catch {
      return none;
    }
    const hits = [...orders.values()]
      .map((order) => ({ order, outcome: onPrint(order, price) }))
      .filter(({ outcome }) => outcome.fill !== null || outcome.triggeredNow || outcome.moved)
      .sort((a, b) => (a.order.id < b.order.id ? -1 : 1));
    return { price, hits };
  }

  /** Keeps the book's copy of an order in step with what a print did to it in the database. */
  afterPrint(order: LiveOrder, outcome: PrintOutcome, applied: boolean): void {
    if (outcome.fill !== null && applied) return this.remove(order);
    if (outcome.moved) return this.add({ ...order, ...outcome.moved });
    if (outcome.triggeredNow) this.add({ ...order, triggered: true });
  }
}
