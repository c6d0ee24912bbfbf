import type { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { findInstrument, parseScaledPrice } from '@kabuto/schema/market';
import { loadCandles, type QuoteSnapshot } from '@kabuto/schema/modules/quotes';

/** The official close of a symbol for a session, or null when the feed has none. */
export type ClosingPrice = (
  symbol: string,
  session: { date: string; closesAtMs: number },
) => Promise<bigint | null>;

const SIX_HOURS_MS = 6 * 3_600_000;

/**
 * The feed's closing price: its latest snapshot when it is of the session's date (after the close
 * the feed prints nothing more, so its last price is the closing print), else the close of the
 * last stored minute bar before the session's close. Never a price that did not come from the feed.
 * On the `always-open` demo clock the market never closes, so the close is the feed's last print
 * when the settlement runs (a test or demo runs the job early through the queue).
 */
export function feedClosingPrice(deps: {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  alwaysOpen?: boolean;
}): ClosingPrice {
  const key = redisKeys(deps.redisPrefix).latestQuotes;
  return async (symbol, session) => {
    const instrument = findInstrument(symbol);
    if (!instrument) return null;
    const raw = await deps.redis.hget(key, symbol);
    if (raw) {
      const snapshot = JSON.parse(raw) as QuoteSnapshot;
      if ((deps.alwaysOpen || snapshot.date === session.date) && snapshot.price) {
        return parseScaledPrice(snapshot.price, instrument.market);
      }
    }
    const bars = await loadCandles(
      deps.db,
      symbol,
      '1m',
      session.closesAtMs - SIX_HOURS_MS,
      session.closesAtMs,
    );
    return bars.at(-1)?.close ?? null;
  };
}
