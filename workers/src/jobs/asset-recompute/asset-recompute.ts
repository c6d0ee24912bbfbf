import { DISPLAY_CURRENCIES, currencyFromDisplay } from '@kabuto/schema/domain';
import {
  lastPriceFromLatest,
  rateLookupFromLatest,
  summaryToWire,
  type AssetsData,
} from '@kabuto/schema/contracts';
import { loadAccountSummary, type Db } from '@kabuto/schema/db';

/** Recomputes one account's summary in every display currency from the ledger, open positions and the feed's prices. */
export async function recomputeAssets(
  db: Db,
  options: { userId: number; latestQuotes: Record<string, string> },
): Promise<Record<string, AssetsData>> {
  const rate = rateLookupFromLatest(options.latestQuotes);
  const lastPrice = lastPriceFromLatest(options.latestQuotes);
  const entries = await Promise.all(
    DISPLAY_CURRENCIES.map(async (display) => {
      const summary = await loadAccountSummary(db, {
        userId: options.userId,
        displayCurrency: currencyFromDisplay(display),
        rate,
        lastPrice,
      });
      return [display, summaryToWire(summary)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
