import { describe, expect, it } from 'vitest';
import { parseScaledPrice } from '../market/prices.ts';
import { computeFees } from './fees.ts';

describe('fees from the market schedule (MARKET-RULES.md §5)', () => {
  it('Japan: ¥0 online commission, no duty', () => {
    expect(computeFees('JP', 'buy', parseScaledPrice('2850', 'JP'), 100n).total).toBe(0n);
  });

  it('China: 0.025% commission with a ¥5 minimum, 0.05% stamp duty on sells, 0.001% transfer fee', () => {
    // 100 × ¥10.00 = ¥1,000: commission ¥0.25 → minimum ¥5.00; transfer ¥0.01; stamp duty ¥0.50 on the sell.
    const buy = computeFees('CN', 'buy', parseScaledPrice('10.00', 'CN'), 100n);
    expect(buy).toEqual({
      commission: 500n,
      stampDuty: 0n,
      transferFee: 1n,
      regulatoryFee: 0n,
      total: 501n,
    });
    const sell = computeFees('CN', 'sell', parseScaledPrice('10.00', 'CN'), 100n);
    expect(sell.stampDuty).toBe(50n);
    expect(sell.total).toBe(551n);
    // 10,000 × ¥1,450 = ¥14,500,000: commission ¥3,625.00, duty ¥7,250.00, transfer ¥145.00.
    const big = computeFees('CN', 'sell', parseScaledPrice('1450.00', 'CN'), 10_000n);
    expect(big).toEqual({
      commission: 362_500n,
      stampDuty: 725_000n,
      transferFee: 14_500n,
      regulatoryFee: 0n,
      total: 1_102_000n,
    });
  });

  it('US: 0.495% commission capped at $22; FINRA TAF $0.000166/share on sells, rounded up, capped at $8.30', () => {
    // 10 × $230.00 = $2,300: commission $11.385 → $11.39; TAF 10 × 0.000166 = $0.00166 → $0.01.
    const sell = computeFees('US', 'sell', parseScaledPrice('230.00', 'US'), 10n);
    expect(sell).toEqual({
      commission: 1139n,
      stampDuty: 0n,
      transferFee: 0n,
      regulatoryFee: 1n,
      total: 1140n,
    });
    const large = computeFees('US', 'sell', parseScaledPrice('100.00', 'US'), 100_000n);
    expect(large.commission).toBe(2200n);
    expect(large.regulatoryFee).toBe(830n);
    expect(computeFees('US', 'buy', parseScaledPrice('100.00', 'US'), 100_000n).regulatoryFee).toBe(
      0n,
    );
  });
});
