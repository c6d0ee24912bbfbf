import { lastPriceFromLatest, rateLookupFromLatest } from '../../quotes/public.ts';
import { loanCollateralYen } from '../domain/limit.ts';
import type { Currency } from '../../../domain/money/currency.ts';
import { displayValuation, openMarginsOf } from '../../trading/public.ts';
import type { Db } from '../../../db/create-db.ts';
import { loadAccountSummary } from '../../ledger/public.ts';

/** A borrower's collateral in yen, and whether an open position had no feed price. */
export interface LoanCollateral {
  readonly yen: bigint;
  /** An open position had no feed price: it counted 0 (its margin left out), and nothing is lent. */
  readonly unpriced: boolean;
}

/**
 * The one loan-collateral figure (the loan limit, a withdrawal beside a loan and the margin-call
 * job all use it): the equity excluding debt (`loanCollateralYen`: the account summary's total in
 * yen at the feed's prices and FX, debt not subtracted, money held for a withdrawal left out),
 * where an open position the feed has no price for counts ZERO (its margin is taken out; it is
 * never valued at its opening price): a price we do not have never lends money or holds off a
 * margin call. Amounts in a currency without a feed rate are already left out by the summary.
 */
export async function loanCollateralOf(
  db: Db,
  userId: number,
  latest: Record<string, string>,
): Promise<LoanCollateral> {
  const rate = rateLookupFromLatest(latest);
  const lastPrice = lastPriceFromLatest(latest);
  const summary = await loadAccountSummary(db, {
    userId,
    displayCurrency: 'JPY',
    rate,
    lastPrice,
  });
  const unpricedMargin = new Map<Currency, bigint>();
  for (const position of await openMarginsOf(db, userId)) {
    if (lastPrice(position.symbol) !== null) continue;
    const currency = position.currency as Currency;
    unpricedMargin.set(currency, (unpricedMargin.get(currency) ?? 0n) + position.margin);
  }
  const toYen = displayValuation('JPY', rate);
  const left = toYen.sum(
    [...unpricedMargin].map(([currency, amountMinor]) => ({ currency, amountMinor })),
  );
  return { yen: loanCollateralYen(summary) - left, unpriced: unpricedMargin.size > 0 };
}
