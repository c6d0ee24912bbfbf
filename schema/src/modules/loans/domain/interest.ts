import { divideRounded } from '../../../domain/money/rounding.ts';
import { rateDenominator, type LoanTerms } from './loan-terms.ts';

/**
 * One day's interest on a loan, in yen: outstanding principal × yearly rate ÷ day count, rounded
 * half up to the yen (`dailyLoanInterestHalfUp`; .5 yen and more is a yen). Simple interest: it is
 * charged on the principal only, never on interest already accrued.
 * ¥1,000,000 at 3.9% ACT/365: 106.849… → ¥107 a day.
 */
export function dailyLoanInterestHalfUp(principalYen: bigint, terms: LoanTerms): bigint {
  if (principalYen <= 0n) return 0n;
  const numerator = principalYen * terms.ratePercent.mantissa;
  const denominator = rateDenominator(terms.ratePercent) * BigInt(terms.dayCount);
  return divideRounded(numerator, denominator, 'half-up');
}
