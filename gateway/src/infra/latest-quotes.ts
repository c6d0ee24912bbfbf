import type { Redis } from 'ioredis';
import { redisKeys, type QuoteSnapshot } from '@kabuto/schema/contracts';

/**
 * The feed's latest snapshot per symbol, read from Redis. Lists (rankings, market lists) read the
 * whole hash; a short cache keeps a burst of list calls to one HGETALL.
 */
export interface LatestQuotes {
  one(symbol: string): Promise<QuoteSnapshot | undefined>;
  many(symbols: readonly string[]): Promise<Map<string, QuoteSnapshot>>;
  all(): Promise<Map<string, QuoteSnapshot>>;
}

const CACHE_MS = 250;

function parse(raw: string | null | undefined): QuoteSnapshot | undefined {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as QuoteSnapshot;
  } catch {
    return undefined;
  }
}

export function createLatestQuotes(
  redis: Redis,
  prefix: string,
  nowMs: () => number = Date.now,
): LatestQuotes {
  const key = redisKeys(prefix).latestQuotes;
  let cached: { at: number; value: Map<string, QuoteSnapshot> } | null = null;
  return {
    async one(symbol) {
      return parse(await redis.hget(key, symbol));
    },
    async many(symbols) {
      const result = new Map<string, QuoteSnapshot>();
      if (symbols.length === 0) return result;
      const raws = await redis.hmget(key, ...symbols);
      raws.forEach((raw, i) => {
        const snapshot = parse(raw);
        if (snapshot) result.set(symbols[i] as string, snapshot);
      });
      return result;
    },
    async all() {
      if (cached && nowMs() - cached.at < CACHE_MS) return cached.value;
      const raw = await redis.hgetall(key);
      const value = new Map<string, QuoteSnapshot>();
      for (const [symbol, text] of Object.entries(raw)) {
        const snapshot = parse(text);
        if (snapshot) value.set(symbol, snapshot);
      }
      cached = { at: nowMs(), value };
      return value;
    },
  };
}
