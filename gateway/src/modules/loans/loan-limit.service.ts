import { redisKeys, Refusal } from '@kabuto/schema/contracts';
import {
  loanCollateralOf,
  loadLoanTerms,
  loanCreditOf,
  outstandingOfUser,
  type Db,
} from '@kabuto/schema/db';
import { availableLoanLimit, isLoanMarginCall, type LoanTerms } from '@kabuto/schema/loans';
import type { GatewayDeps } from '../../infra/deps.ts';

/** The feed's latest quotes, read before a transaction (no network inside one). */
export type LatestQuoteHash = Record<string, string>;

export async function latestQuotes(deps: GatewayDeps): Promise<LatestQuoteHash> {
  return deps.redis.hgetall(redisKeys(deps.config.redisPrefix).latestQuotes);
}

/**
 * The feed's latest quotes for a user who owes a loan, null for anyone else: a withdrawal of a
 * user without debt needs no prices (nor Redis). A loan passed between this read and the
 * withdrawal's transaction finds no prices there and is refused (`fund_operation_busy`, retry).
 */
export async function latestQuotesIfBorrowing(
  deps: GatewayDeps,
  userId: number,
): Promise<LatestQuoteHash | null> {
  return (await outstandingOfUser(deps.db, userId)) > 0n ? latestQuotes(deps) : null;
}

/** Everything the loan figures come from, read in one transaction (or the plain db). */
export interface LoanStanding {
  readonly creditScore: number;
  readonly limit: bigint;
  readonly equityExcludingDebt: bigint;
  readonly outstanding: bigint;
  readonly available: bigint;
  /** An open position had no feed price (it counts 0 as collateral): nothing is lent. */
  readonly unpriced: boolean;
  readonly terms: LoanTerms;
}

/**
 * A user's loan standing: the back-office limit, the collateral (`loanCollateralOf`: the equity
 * excluding debt in yen at the feed's prices and FX, money held for a withdrawal left out, an open
 * position the feed has no price for counted 0), the outstanding of passed loans and what may
 * still be borrowed (`availableLoanLimit`). While an open position has no feed price nothing may
 * be borrowed (`unpriced`, available 0) until the feed prices it again.
 */
export async function loanStanding(
  db: Db,
  userId: number,
  latest: LatestQuoteHash,
): Promise<LoanStanding> {
  const terms = await loadLoanTerms(db);
  const credit = await loanCreditOf(db, userId);
  const collateral = await loanCollateralOf(db, userId, latest);
  const unpriced = collateral.unpriced;
  const outstanding = await outstandingOfUser(db, userId);
  const equityExcludingDebt = collateral.yen;
  const available = unpriced
    ? 0n
    : availableLoanLimit({
        backOfficeLimitYen: credit.limit,
        equityExcludingDebtYen: equityExcludingDebt,
        outstandingYen: outstanding,
        ltvPercent: terms.ltvPercent,
      });
  return {
    creditScore: credit.creditScore,
    limit: credit.limit,
    equityExcludingDebt,
    outstanding,
    available,
    unpriced,
    terms,
  };
}

/**
 * A withdrawal of `amountYen` while a loan is outstanding, under the user lock: it may take cash
 * only while the debt stays within the lending cap (`ltvPercent` of the collateral left after
 * it); otherwise `loan_unpaid` (repay first). Without this a borrower could take the loan cash
 * and the collateral out and leave an unsecured debt.
 */
export async function refuseUnlessLoanStaysCovered(
  db: Db,
  userId: number,
  withdrawal: { amountYen: bigint; latest: LatestQuoteHash | null },
): Promise<void> {
  const outstanding = await outstandingOfUser(db, userId);
  if (outstanding === 0n) return;
  if (!withdrawal.latest) throw new Refusal('fund_operation_busy');
  const standing = await loanStanding(db, userId, withdrawal.latest);
  const left = standing.equityExcludingDebt - withdrawal.amountYen;
  if (standing.unpriced || isLoanMarginCall(outstanding, left, standing.terms.ltvPercent)) {
    throw new Refusal('loan_unpaid');
  }
}
