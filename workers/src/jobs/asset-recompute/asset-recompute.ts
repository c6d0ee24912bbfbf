import { DISPLAY_CURRENCIES, currencyFromDisplay } from '@kabuto/schema/domain';
import { rateLookupFromLatest, summaryToWire, type AssetsData } from '@kabuto/schema/contracts';
import { loadAccountSummary, type Db } from '@kabuto/schema/db';

/** Recomputes one account's summary in every display currency from the ledger and the feed's FX. */
export async function recomputeAssets(
  db: Db,
  options: { userId: number; latestQuotes: Record<string, string> },
): Promise<Record<string, AssetsData>> {
  const rate = rateLookupFromLatest(options.latestQuotes);
  const entries = await Promise.all(
    DISPLAY_CURRENCIES.map(async (display) => {
      const summary = await loadAccountSummary(db, { userId: options.userId, displayCurrency: currencyFromDisplay(display), rate });
      return [display, summaryToWire(summary)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
