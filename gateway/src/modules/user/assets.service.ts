import {
  currencyFromDisplay,
  type DisplayCurrency,
  type AccountSummary,
} from '@kabuto/schema/domain';
import { lastPriceFromLatest, rateLookupFromLatest, redisKeys } from '@kabuto/schema/contracts';
import { loadAccountSummary } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';

/** The caller's summary in a display currency, at the feed's latest FX rates. */
export async function summaryFor(
  deps: GatewayDeps,
  userId: number,
  display: DisplayCurrency,
): Promise<AccountSummary> {
  const latest = await deps.redis.hgetall(redisKeys(deps.config.redisPrefix).latestQuotes);
  return loadAccountSummary(deps.db, {
    userId,
    displayCurrency: currencyFromDisplay(display),
    rate: rateLookupFromLatest(latest),
    lastPrice: lastPriceFromLatest(latest),
  });
}
