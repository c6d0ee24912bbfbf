import { proxy } from 'valtio';
import type { Subscription } from 'rxjs';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { quoteTicks$ } from '../../lib/quote-stream.ts';

/** The latest quote per symbol with the direction of its last change, for flashing. */
export interface LiveQuote {
  price: string | null;
  change_rate: string | null;
  volume: number | null;
  turnover: string | null;
  /** +1 up, -1 down, 0 unchanged; `flash` increments on every price change. */
  direction: number;
  flash: number;
  ts: number;
}

export const liveQuotes = proxy<Record<string, LiveQuote>>({});

function compareDecimal(a: string, b: string): number {
  const diff = Number(a) - Number(b);
  return diff > 0 ? 1 : diff < 0 ? -1 : 0;
}

/** Seeds the store from REST rows (a list screen's first load). */
export function seedQuotes(
  rows: readonly Pick<QuoteRow, 'symbol' | 'price' | 'change_rate' | 'volume' | 'turnover'>[],
): void {
  for (const row of rows) {
    const current = liveQuotes[row.symbol];
    if (current && current.ts > 0) continue;
    liveQuotes[row.symbol] = {
      price: row.price,
      change_rate: row.change_rate,
      volume: row.volume,
      turnover: row.turnover,
      direction: 0,
      flash: 0,
      ts: 0,
    };
  }
}

/** Follows live ticks of `symbols` into the store until the subscription ends. */
export function followQuotes(symbols: readonly string[]): Subscription {
  return quoteTicks$(symbols).subscribe((batch) => {
    for (const tick of batch.values()) {
      const current = liveQuotes[tick.symbol];
      const direction = current?.price ? compareDecimal(tick.price, current.price) : 0;
      liveQuotes[tick.symbol] = {
        price: tick.price,
        change_rate: tick.change_rate,
        volume: tick.volume,
        turnover: tick.turnover,
        direction: direction === 0 ? (current?.direction ?? 0) : direction,
        flash: (current?.flash ?? 0) + (direction === 0 ? 0 : 1),
        ts: tick.ts,
      };
    }
  });
}
