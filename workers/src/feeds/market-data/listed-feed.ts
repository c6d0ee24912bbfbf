import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import type { StoredBar } from '@kabuto/schema/db';
import { listedInstruments, type Candle, type ClockMode } from '@kabuto/schema/market';
import { resumePointOf } from './history-backfill.ts';
import type { QuoteProvider } from './quote-provider.ts';
import { createSimulatedFeed, type SimulatedFeed } from './simulated-feed.ts';

export interface ListedFeed extends QuoteProvider {
  drainBars(): StoredBar[];
}

/**
 * Ticks for listed new shares: a symbol joins on the first beat after it appears among the
 * listed instruments (its listing time reached; the registry is refreshed from the database).
 * It resumes from its stored daily bars (`stored`, read when the feed starts) like a catalogue
 * stock after a restart, and starts from its reference price, the offer price, when it has none.
 * Each runs the same simulator as the catalogue's stocks, under the same market hours.
 */
export function createListedFeed(options: {
  seed: number;
  clock: ClockMode;
  source: string;
  stored?: ReadonlyMap<string, readonly Candle[]>;
}): ListedFeed {
  const feeds = new Map<string, SimulatedFeed>();
  const join = (nowMs: number) => {
    for (const instrument of listedInstruments()) {
      if (feeds.has(instrument.symbol)) continue;
      const bars = options.stored?.get(instrument.symbol) ?? [];
      const resume =
        bars.length > 0 ? resumePointOf(instrument, bars, instrument.referencePrice) : null;
      feeds.set(
        instrument.symbol,
        createSimulatedFeed({
          instruments: [instrument],
          seed: options.seed,
          clock: options.clock,
          source: options.source,
          resume: new Map(resume ? [[instrument.symbol, resume]] : []),
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
