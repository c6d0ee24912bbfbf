import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import type { StoredBar } from '@kabuto/schema/db';
import { listedInstruments, type ClockMode } from '@kabuto/schema/market';
import type { QuoteProvider } from './quote-provider.ts';
import { createSimulatedFeed, type SimulatedFeed } from './simulated-feed.ts';

export interface ListedFeed extends QuoteProvider {
  drainBars(): StoredBar[];
}

/**
 * Ticks for listed new shares: a symbol joins on the first beat after it appears among the
 * listed instruments (its listing time reached; the registry is refreshed from the database)
 * and starts from its reference price, the offer price. Each runs the same simulator as the
 * catalogue's stocks, under the same market hours.
 */
export function createListedFeed(options: {
  seed: number;
  clock: ClockMode;
  source: string;
}): ListedFeed {
  const feeds = new Map<string, SimulatedFeed>();
  const join = (nowMs: number) => {
    for (const instrument of listedInstruments()) {
      if (feeds.has(instrument.symbol)) continue;
      feeds.set(
        instrument.symbol,
        createSimulatedFeed({
          instruments: [instrument],
          seed: options.seed,
          clock: options.clock,
          source: options.source,
          resume: new Map(),
          startMs: nowMs,
        }),
      );
    }
  };
  return {
    source: options.source,
    next(nowMs): QuoteSnapshot[] {
      join(nowMs);
      return [...feeds.values()].flatMap((feed) => feed.next(nowMs));
    },
    drainBars() {
      return [...feeds.values()].flatMap((feed) => feed.drainBars());
    },
  };
}
