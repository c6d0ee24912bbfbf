import { computeAccountSummary, type AccountSummary, type Currency, type RateLookup } from '../../domain/index.ts';
import type { Db } from '../create-db.ts';
import { userBalances } from './ledger.store.ts';

/**
 * The account summary from the ledger (and, from the trading issue on, open positions).
 * The one place both the gateway's `user/assets` and the recomputation worker get it.
 */
export async function loadAccountSummary(
  db: Db,
  options: { userId: number; displayCurrency: Currency; rate: RateLookup },
): Promise<AccountSummary> {
  const balances = await userBalances(db, options.userId);
  return computeAccountSummary({
    displayCurrency: options.displayCurrency,
    balances,
    positions: [],
    rate: options.rate,
  });
}
