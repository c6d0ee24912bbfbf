import { parseRate, pow10, type DecimalRate } from '../../../domain/money/rounding.ts';

/**
 * Loans are in yen only (the spec's `jpyyjed`, "JPY limit"): the limit, the amount, the interest
 * and the repayment are JPY; collateral in other currencies counts at the feed's FX.
 */
export const LOAN_CURRENCY = 'JPY' as const;

/**
 * The terms a securities-backed loan runs on (MARKET-RULES.md §9, a typical broker-own loan):
 * a yearly rate, its day count (ACT/365 fixed: a day's interest is 1/365 of a year's, leap years
 * too) and the loan-to-value cap on the collateral (equity excluding debt).
 */
export interface LoanTerms {
  /** Percent a year, exact (3.9% = mantissa 39, scale 1). */
  readonly ratePercent: DecimalRate;
  /** Days in the year the rate is divided by (365 for ACT/365 fixed). */
  readonly dayCount: number;
  /** At most this percent of the equity excluding debt may be borrowed (50). */
  readonly ltvPercent: number;
  /**
   * Debt above this percent of the equity excluding debt sends a margin call (50, the issue's
   * rule: the same cap as lending; MARKET-RULES §9 suggests a looser 70–80% for a real product).
   */
  readonly marginCallPercent: number;
}

/** The config entries that set the terms (`config_entry`), and their defaults. */
export const LOAN_CONFIG_DEFAULTS = {
  loan_rate_percent: '3.9',
  loan_day_count: '365',
  loan_ltv_percent: '50',
  loan_margin_call_percent: '50',
} as const;

export type LoanConfigName = keyof typeof LOAN_CONFIG_DEFAULTS;

function wholeIn(text: string, min: number, max: number, fallback: string): number {
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  return value >= min && value <= max ? value : Number(fallback);
}

/** The terms from config entries (name → value); a missing or malformed entry keeps its default. */
export function loanTermsFrom(entries: Readonly<Record<string, string | undefined>>): LoanTerms {
  const d = LOAN_CONFIG_DEFAULTS;
  let ratePercent = parseRate(d.loan_rate_percent);
  try {
    ratePercent = parseRate(entries['loan_rate_percent'] ?? d.loan_rate_percent);
  } catch {
    // keeps the default
  }
  return {
    ratePercent,
    dayCount: wholeIn(entries['loan_day_count'] ?? '', 360, 366, d.loan_day_count),
    ltvPercent: wholeIn(entries['loan_ltv_percent'] ?? '', 1, 100, d.loan_ltv_percent),
    marginCallPercent: wholeIn(
      entries['loan_margin_call_percent'] ?? '',
      1,
      100,
      d.loan_margin_call_percent,
    ),
  };
}

export const DEFAULT_LOAN_TERMS: LoanTerms = loanTermsFrom({});

/** The yearly rate as the wire shows it ("3.9"). */
export function ratePercentText(rate: DecimalRate): string {
  if (rate.scale === 0) return rate.mantissa.toString();
  const digits = rate.mantissa.toString().padStart(rate.scale + 1, '0');
  return `${digits.slice(0, -rate.scale)}.${digits.slice(-rate.scale)}`;
}

/** The denominator a rate percent divides by: 100 × 10^scale. */
export const rateDenominator = (rate: DecimalRate): bigint => 100n * pow10(rate.scale);
