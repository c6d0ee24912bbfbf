import {
  computeAccountSummary,
  type AccountSummary,
  type Currency,
  type RateLookup,
} from '../../domain/index.ts';
import { openPositionValues, type LastPrice } from '../../modules/trading/public.ts';
import type { Db } from '../create-db.ts';
import { userBalances } from './ledger.store.ts';

export type { LastPrice } from '../../modules/trading/public.ts';

/**
 * The account summary from the ledger and the open positions at the feed's prices.
 * The one place both the gateway's `user/assets` and the recomputation worker get it.
 */
export async function loadAccountSummary(
  db: Db,
  options: { userId: number; displayCurrency: Currency; rate: RateLookup; lastPrice?: LastPrice },
): Promise<AccountSummary> {
  const balances = await userBalances(db, options.userId);
  const positions = await openPositionValues(db, options.userId, options.lastPrice ?? (() => null));
  return computeAccountSummary({
    displayCurrency: options.displayCurrency,
    balances,
    positions,
    rate: options.rate,
  });
}
