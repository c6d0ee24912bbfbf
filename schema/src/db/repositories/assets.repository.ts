import {
  computeAccountSummary,
  type AccountSummary,
  type Currency,
  type PositionValue,
  type RateLookup,
} from '../../domain/index.ts';
import { findInstrument } from '../../domain/market/instruments.ts';
import { valuePosition, type PositionSide } from '../../domain/trading/order-rules.ts';
import type { Db } from '../create-db.ts';
import { userBalances } from './ledger.store.ts';

/** A symbol's last feed price at the market's price scale, or null when the feed has none. */
export type LastPrice = (symbol: string) => bigint | null;

/** Open positions valued at the last price (at their open price when there is none). */
export async function openPositionValues(
  db: Db,
  userId: number,
  lastPrice: LastPrice,
): Promise<PositionValue[]> {
  const rows = await db
    .selectFrom('position')
    .select(['symbol', 'currency', 'side', 'qty', 'open_price'])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding')
    .execute();
  return rows.flatMap((row) => {
    const instrument = findInstrument(row.symbol);
    if (!instrument) return [];
    const value = valuePosition(
      instrument,
      { side: row.side as PositionSide, qty: row.qty, openPrice: row.open_price },
      lastPrice(row.symbol) ?? row.open_price,
    );
    return [
      {
        currency: row.currency as Currency,
        marketValueMinor: value.marketValue,
        unrealizedPnlMinor: value.unrealizedPnl,
      },
    ];
  });
}

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
