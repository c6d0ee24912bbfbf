import type { AccountSummary } from '../../ledger/public.pure.ts';
import { scaleOf, type Currency } from '../../../domain/money/currency.ts';
import { divideRounded, pow10, type DecimalRate } from '../../../domain/money/rounding.ts';

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

/**
 * The collateral behind a loan, in yen (`equityExcludingDebt`): the account summary's total (in
 * JPY) less the money held for a withdrawal, which is on its way out of the account and backs
 * nothing. The loan's own debt is not subtracted (the summary's total never does).
 */
export function loanCollateralYen(summary: AccountSummary): bigint {
  const leaving = summary.frozenByKind['hold:withdrawal']?.amountMinor ?? 0n;
  return summary.total.amountMinor - leaving;
}

/**
 * The available yen in another currency for display (`jpyyjed`), rounded down to its minor unit
 * (`loanLimitDisplayFloor`) by dividing by the yen price of one unit of it: the screen never shows
 * more than can be borrowed (¥100,000 at ¥150 a dollar: $666.66, not $666.67).
 */
export function loanLimitDisplayFloor(
  availableYen: bigint,
  currency: Currency,
  yenPerUnit: DecimalRate,
): bigint {
  if (availableYen <= 0n || yenPerUnit.mantissa <= 0n) return 0n;
  const numerator = availableYen * pow10(scaleOf(currency) + yenPerUnit.scale);
  return divideRounded(numerator, yenPerUnit.mantissa, 'down');
}
