import { describe, expect, it } from 'vitest';
import { computeAccountSummary } from '../../ledger/public.pure.ts';
import {
  addTokyoDays,
  availableLoanLimit,
  dailyLoanInterestHalfUp,
  DEFAULT_LOAN_TERMS,
  endOfTokyoDateMs,
  endedTokyoDates,
  isLoanMarginCall,
  isTokyoDate,
  loanCollateralCapFloor,
  loanCollateralYen,
  loanLimitDisplayFloor,
  loanTermsFrom,
  ratePercentText,
  tokyoDateOf,
} from './index.ts';

const terms = DEFAULT_LOAN_TERMS;

describe('dailyLoanInterestHalfUp (ACT/365, half up to the yen)', () => {
  it('30 days of interest on ¥1,000,000 at 3.9% ACT/365: 106.849… → ¥107 a day, ¥3,210 over 30 days', () => {
    const day = dailyLoanInterestHalfUp(1_000_000n, terms);
    expect(day).toBe(107n);
    let total = 0n;
    for (let d = 0; d < 30; d++) total += dailyLoanInterestHalfUp(1_000_000n, terms);
    expect(total).toBe(3_210n);
  });

  it('rounds half up: ¥14,038 → 1.4999… → ¥1, ¥14,039 → 1.5000… → ¥2, exactly .5 (¥18,250 at 1%) → ¥1', () => {
    // 14,038 × 0.039 / 365 = 1.49994…; 14,039 × 0.039 / 365 = 1.500054…
    expect(dailyLoanInterestHalfUp(14_038n, terms)).toBe(1n);
    expect(dailyLoanInterestHalfUp(14_039n, terms)).toBe(2n);
    const half = loanTermsFrom({ loan_rate_percent: '1', loan_day_count: '365' });
    // 18,250 × 1% / 365 = 0.5 exactly → 1
    expect(dailyLoanInterestHalfUp(18_250n, half)).toBe(1n);
    expect(dailyLoanInterestHalfUp(18_249n, half)).toBe(0n);
  });

  it('no principal, no interest; a small loan of ¥100 accrues ¥0 a day', () => {
    expect(dailyLoanInterestHalfUp(0n, terms)).toBe(0n);
    expect(dailyLoanInterestHalfUp(100n, terms)).toBe(0n);
  });
});

describe('loan limit: min(back-office limit, 50% × equity excluding debt) − outstanding', () => {
  it('equity ¥3,000,001 caps at ¥1,500,000 (floor); a ¥2,000,000 back-office limit gives ¥1,500,000; ¥1,000,000 gives ¥1,000,000', () => {
    expect(loanCollateralCapFloor(3_000_001n, 50)).toBe(1_500_000n);
    const base = { equityExcludingDebtYen: 3_000_001n, outstandingYen: 0n, ltvPercent: 50 };
    expect(availableLoanLimit({ ...base, backOfficeLimitYen: 2_000_000n })).toBe(1_500_000n);
    expect(availableLoanLimit({ ...base, backOfficeLimitYen: 1_000_000n })).toBe(1_000_000n);
  });

  it('outstanding ¥1,003,210 of a ¥1,500,000 cap leaves ¥496,790; more outstanding than the cap leaves 0, never negative', () => {
    const base = {
      equityExcludingDebtYen: 3_000_000n,
      backOfficeLimitYen: 5_000_000n,
      ltvPercent: 50,
    };
    expect(availableLoanLimit({ ...base, outstandingYen: 1_003_210n })).toBe(496_790n);
    expect(availableLoanLimit({ ...base, outstandingYen: 1_600_000n })).toBe(0n);
    expect(availableLoanLimit({ ...base, equityExcludingDebtYen: -5n, outstandingYen: 0n })).toBe(
      0n,
    );
  });

  it('margin call when debt exceeds 50% of equity: ¥1,000,000 debt on ¥2,000,000 is not one, on ¥1,999,999 it is', () => {
    expect(isLoanMarginCall(1_000_000n, 2_000_000n, 50)).toBe(false);
    expect(isLoanMarginCall(1_000_000n, 1_999_999n, 50)).toBe(true);
    expect(isLoanMarginCall(0n, 0n, 50)).toBe(false);
  });
});

describe('loan terms and dates', () => {
  it('reads rate, day count and LTV from config, keeping defaults for junk', () => {
    expect(ratePercentText(terms.ratePercent)).toBe('3.9');
    expect([terms.dayCount, terms.ltvPercent, terms.marginCallPercent]).toEqual([365, 50, 50]);
    const custom = loanTermsFrom({
      loan_rate_percent: '1.875',
      loan_day_count: '360',
      loan_ltv_percent: 'x',
    });
    expect([ratePercentText(custom.ratePercent), custom.dayCount, custom.ltvPercent]).toEqual([
      '1.875',
      360,
      50,
    ]);
    expect(ratePercentText(loanTermsFrom({ loan_rate_percent: '-1' }).ratePercent)).toBe('3.9');
  });

  it('Tokyo dates: 2026-11-23 14:59:59.999 UTC is still the 23rd, 15:00 UTC is the 24th', () => {
    expect(tokyoDateOf(Date.UTC(2026, 10, 23, 14, 59, 59, 999))).toBe('2026-11-23');
    expect(tokyoDateOf(Date.UTC(2026, 10, 23, 15))).toBe('2026-11-24');
    expect(endOfTokyoDateMs('2026-11-23')).toBe(Date.UTC(2026, 10, 23, 15));
    expect(endedTokyoDates(Date.UTC(2026, 10, 23, 15, 1), 2)).toEqual(['2026-11-22', '2026-11-23']);
    expect(addTokyoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect([isTokyoDate('2026-02-29'), isTokyoDate('2028-02-29'), isTokyoDate('x')]).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('loanLimitDisplayFloor (jpyyjed in another currency, rounded down)', () => {
  it('¥100,000 at ¥150 a dollar is $666.66 (666.666… down), ¥1 is $0, ¥150 is $1.00 exactly', () => {
    const rate = { mantissa: 150n, scale: 0 };
    expect(loanLimitDisplayFloor(100_000n, 'USD', rate)).toBe(66_666n);
    expect(loanLimitDisplayFloor(1n, 'USD', rate)).toBe(0n);
    expect(loanLimitDisplayFloor(150n, 'USD', rate)).toBe(100n);
    expect(loanLimitDisplayFloor(0n, 'USD', rate)).toBe(0n);
  });
});

describe('loanCollateralYen (equity excluding debt)', () => {
  it('cash ¥450,000 + withdrawal held ¥300,000 − debt ¥150,000: the collateral is ¥450,000 (the hold is leaving, the debt is not subtracted)', () => {
    const summary = computeAccountSummary({
      displayCurrency: 'JPY',
      balances: [
        { kind: 'cash', currency: 'JPY', amountMinor: 450_000n },
        { kind: 'hold:withdrawal', currency: 'JPY', amountMinor: 300_000n },
        { kind: 'loan', currency: 'JPY', amountMinor: -150_000n },
      ],
      positions: [],
      rate: () => undefined,
    });
    expect(summary.total.amountMinor).toBe(750_000n);
    expect(loanCollateralYen(summary)).toBe(450_000n);
  });
});
