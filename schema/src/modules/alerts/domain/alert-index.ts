/**
 * The watcher's index of active price alerts: per symbol, four lists sorted so that the alerts a
 * print meets are always a prefix. A print costs a binary search per list (never a scan of the
 * symbol's alerts), and the alerts it meets leave the index as they fire: each fires once.
 */
export type AlertCondition = 'above' | 'below' | 'change_pct';

export interface IndexedAlert {
  readonly id: bigint;
  readonly userId: number;
  readonly symbol: string;
  readonly condition: AlertCondition;
  /** A price at the market's scale (above, below), or hundredths of a percent (change_pct). */
  readonly threshold: bigint;
}

/** A list whose met alerts are a prefix: `ascending` meets values ≥ threshold, else ≤. */
class ThresholdList {
  readonly items: IndexedAlert[] = [];

  constructor(private readonly ascending: boolean) {}

  /** Whether `value` meets the alert's threshold. */
  private meets(alert: IndexedAlert, value: bigint): boolean {
    return this.ascending ? value >= alert.threshold : value <= alert.threshold;
  }

  /** How many of the first items `value` meets (binary search: they are a prefix). */
  private metCount(value: bigint): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.meets(this.items[middle] as IndexedAlert, value)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Sorts items added with `push` (a bulk load: one sort instead of an insert each). */
  sortAll(): void {
    this.items.sort((a, b) => {
      const order = a.threshold < b.threshold ? -1 : a.threshold > b.threshold ? 1 : 0;
      return this.ascending ? order : -order;
    });
  }

  insert(alert: IndexedAlert): void {
    const before = (a: IndexedAlert) =>
      this.ascending ? a.threshold <= alert.threshold : a.threshold >= alert.threshold;
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.items[middle] as IndexedAlert)) low = middle + 1;
      else high = middle;
    }
    this.items.splice(low, 0, alert);
  }

  /** Removes and answers the alerts `value` meets. */
  take(value: bigint): IndexedAlert[] {
    const count = this.metCount(value);
    return count === 0 ? [] : this.items.splice(0, count);
  }
}

interface SymbolLists {
  above: ThresholdList;
  below: ThresholdList;
  up: ThresholdList;
  down: ThresholdList;
}

export class AlertIndex {
  private readonly bySymbol = new Map<string, SymbolLists>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** An index of many alerts at once (the watcher's load): each list sorted once. */
  static of(alerts: Iterable<IndexedAlert>): AlertIndex {
    const index = new AlertIndex();
    for (const alert of alerts) {
      listFor(index.listsOf(alert.symbol), alert).items.push(alert);
      index.count += 1;
    }
    for (const lists of index.bySymbol.values()) {
      for (const list of Object.values(lists)) list.sortAll();
    }
    return index;
  }

  private listsOf(symbol: string): SymbolLists {
    let lists = this.bySymbol.get(symbol);
    if (!lists) {
      lists = {
        above: new ThresholdList(true),
        below: new ThresholdList(false),
        up: new ThresholdList(true),
        down: new ThresholdList(false),
      };
      this.bySymbol.set(symbol, lists);
    }
    return lists;
  }

  add(alert: IndexedAlert): void {
    listFor(this.listsOf(alert.symbol), alert).insert(alert);
    this.count += 1;
  }

  /**
   * The alerts a print meets, removed from the index: above at or over their price, below at or
   * under it, a day's change at or past their percent (up for a positive one, down for a negative).
   */
  metBy(symbol: string, price: bigint, changeHundredths: bigint | null): IndexedAlert[] {
    const lists = this.bySymbol.get(symbol);
    if (!lists) return [];
    const met = [...lists.above.take(price), ...lists.below.take(price)];
    if (changeHundredths !== null) {
      met.push(...lists.up.take(changeHundredths), ...lists.down.take(changeHundredths));
    }
    this.count -= met.length;
    return met;
  }
}

function listFor(lists: SymbolLists, alert: IndexedAlert): ThresholdList {
  if (alert.condition === 'above') return lists.above;
  if (alert.condition === 'below') return lists.below;
  return alert.threshold >= 0n ? lists.up : lists.down;
}

/** Whether a price and day's change meet one alert now (create and re-arm refuse one that does). */
export function alertMetNow(
  alert: Pick<IndexedAlert, 'condition' | 'threshold'>,
  price: bigint,
  changeHundredths: bigint,
): boolean {
  if (alert.condition === 'above') return price >= alert.threshold;
  if (alert.condition === 'below') return price <= alert.threshold;
  return alert.threshold >= 0n
    ? changeHundredths >= alert.threshold
    : changeHundredths <= alert.threshold;
}

/** A day's change as the feed writes it ("2.31", "-0.50") in hundredths of a percent, or null. */
export function changeHundredthsOf(text: string | null | undefined): bigint | null {
  const match = /^(-?)(\d{1,6})(?:\.(\d{1,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const value = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}
