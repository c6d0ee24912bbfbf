import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import { marketClock, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import type { MarketContext } from '@kabuto/schema/trading';
import type { GatewayDeps } from '../../infra/deps.ts';
import { requireRedis } from '../../infra/redis.ts';

function priceOrNull(instrument: Instrument, text: string | null | undefined): bigint | null {
  if (!text) return null;
  try {
    return parseScaledPrice(text, instrument.market);
  } catch {
    return null;
  }
}

/**
 * The market as an order sees it: the exchange phase, the feed's last price and the day's limits.
 * With Redis down the order is refused at once (503 `service_unavailable`), before anything is written.
 */
export async function marketContextFor(
  deps: GatewayDeps,
  instrument: Instrument,
): Promise<MarketContext & { snapshot: QuoteSnapshot | undefined }> {
  requireRedis(deps.redis);
  const snapshot = await deps.quotes.one(instrument.symbol);
  const phase = marketClock(instrument.market, deps.clock.nowMs(), deps.config.clock).phase;
  const up = priceOrNull(instrument, snapshot?.limit_up);
  const down = priceOrNull(instrument, snapshot?.limit_down);
  return {
    phase,
    lastPrice: priceOrNull(instrument, snapshot?.price),
    limits: up !== null && down !== null ? { up, down } : null,
    snapshot,
  };
}
