import { divideRounded } from '../money/rounding.ts';

/**
 * The collateral cap: `ltvPercent` of the equity excluding debt, rounded down to the yen
 * (`loanCollateralCapFloor`): the cap never lends a fraction more than the collateral allows.
 * Equity excluding debt = the account summary's total (cash, holds, margin, unrealised P&L at
 * feed prices and FX) with the loan's debt not subtracted; never below zero.
 */
export function loanCollateralCapFloor(equityExcludingDebtYen: bigint, ltvPercent: number): bigint {
  if (equityExcludingDebtYen <= 0n) return 0n;
  return divideRounded(equityExcludingDebtYen * BigInt(ltvPercent), 100n, 'down');
}

export interface LoanLimitInput {
  /** The limit the back office set (0 when none). */
  readonly backOfficeLimitYen: bigint;
  readonly equityExcludingDebtYen: bigint;
  /** Principal plus accrued interest of the loans passed and not repaid. */
  readonly outstandingYen: bigint;
  readonly ltvPercent: number;
}

/** What may still be borrowed: min(back-office limit, collateral cap) − outstanding, at least 0. */
export function availableLoanLimit(input: LoanLimitInput): bigint {
  const cap = loanCollateralCapFloor(input.equityExcludingDebtYen, input.ltvPercent);
  const limit = input.backOfficeLimitYen < cap ? input.backOfficeLimitYen : cap;
  const available = limit - input.outstandingYen;
  return available > 0n ? available : 0n;
}

/**
 * Whether a borrower gets a margin call: debt above `ltvPercent` of the equity excluding debt,
 * compared exactly (debt × 100 > equity × ltv), no rounding.
 */
export function isLoanMarginCall(
  debtYen: bigint,
  equityExcludingDebtYen: bigint,
  ltvPercent: number,
): boolean {
  return debtYen > 0n && debtYen * 100n > equityExcludingDebtYen * BigInt(ltvPercent);
}
