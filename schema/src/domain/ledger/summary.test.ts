import { describe, expect, it } from 'vitest';
import { computeAccountSummary } from './summary.ts';
import { parseRate } from '../money/rounding.ts';

describe('computeAccountSummary', () => {
  it('when a user holds yen cash, a withdrawal hold and dollars, totals them in yen at the feed rate', () => {
    const summary = computeAccountSummary({
      displayCurrency: 'JPY',
      balances: [
        { kind: 'cash', currency: 'JPY', amountMinor: 1_000_000n },
        { kind: 'hold:withdrawal', currency: 'JPY', amountMinor: 50_000n },
        { kind: 'cash', currency: 'USD', amountMinor: 10_000n }, // 100.00 USD
        { kind: 'loan', currency: 'JPY', amountMinor: -200_000n },
      ],
      positions: [],
      rate: (from, to) => (from === 'USD' && to === 'JPY' ? parseRate('150') : undefined),
    });
    expect(summary.available.amountMinor).toBe(1_015_000n);
    expect(summary.frozen.amountMinor).toBe(50_000n);
    expect(summary.frozenByKind['hold:withdrawal']?.amountMinor).toBe(50_000n);
    expect(summary.debt.amountMinor).toBe(200_000n);
    expect(summary.total.amountMinor).toBe(1_065_000n);
    expect(summary.unpriced).toEqual([]);
  });

  it('when a currency has no rate, leaves it out and names it', () => {
    const summary = computeAccountSummary({
      displayCurrency: 'JPY',
      balances: [
        { kind: 'cash', currency: 'JPY', amountMinor: 10n },
        { kind: 'cash', currency: 'CNY', amountMinor: 100n },
      ],
      positions: [],
      rate: () => undefined,
    });
    expect(summary.total.amountMinor).toBe(10n);
    expect(summary.unpriced).toEqual(['CNY']);
  });

  it('when there is nothing, every figure is zero', () => {
    const summary = computeAccountSummary({
      displayCurrency: 'USD',
      balances: [],
      positions: [],
      rate: () => undefined,
    });
    expect(summary.total.amountMinor).toBe(0n);
    expect(summary.currency).toBe('USD');
  });
});
