import { describe, expect, it } from 'vitest';
import { computeAccountSummary } from '../ledger/summary.ts';
import type { RateLookup } from '../money/convert.ts';
import { parseRate } from '../money/rounding.ts';
import { displayValuation } from './valuation.ts';

// The feed has USD→JPY at 150 and no CNY rate at all.
const feed: RateLookup = (from, to) =>
  from === 'USD' && to === 'JPY' ? parseRate('150') : undefined;

describe('portfolio valuation when an FX rate is missing (one rule: left out and named)', () => {
  it('¥10,000 + $20.00 + CN¥50.00 with no CNY rate totals ¥13,000 and names CNY as unpriced', () => {
    const valuation = displayValuation('JPY', feed);
    const total = valuation.sum([
      { currency: 'JPY', amountMinor: 10_000n },
      { currency: 'USD', amountMinor: 2_000n },
      { currency: 'CNY', amountMinor: 5_000n },
    ]);
    expect(total).toBe(13_000n);
    expect(valuation.unpriced()).toEqual(['CNY']);
  });

  it('an unpriced amount converts to nothing, not to zero: CN¥50.00 → undefined', () => {
    expect(displayValuation('JPY', feed).toDisplay('CNY', 5_000n)).toBeUndefined();
  });

  it('the display currency and a zero amount need no rate: ¥10,000 → ¥10,000, CN¥0 → ¥0, nothing unpriced', () => {
    const valuation = displayValuation('JPY', () => undefined);
    expect(valuation.toDisplay('JPY', 10_000n)).toBe(10_000n);
    expect(valuation.toDisplay('CNY', 0n)).toBe(0n);
    expect(valuation.unpriced()).toEqual([]);
  });

  it('the account summary and the position totals follow the same rule for the same holdings', () => {
    const summary = computeAccountSummary({
      displayCurrency: 'JPY',
      balances: [],
      positions: [
        { currency: 'USD', marketValueMinor: 2_000n, unrealizedPnlMinor: 100n },
        { currency: 'CNY', marketValueMinor: 5_000n, unrealizedPnlMinor: -300n },
      ],
      rate: feed,
    });
    const lists = displayValuation('JPY', feed);
    const marketValue = lists.sum([
      { currency: 'USD', amountMinor: 2_000n },
      { currency: 'CNY', amountMinor: 5_000n },
    ]);
    expect(summary.marketValue.amountMinor).toBe(3_000n);
    expect(marketValue).toBe(summary.marketValue.amountMinor);
    expect(summary.unrealizedPnl.amountMinor).toBe(150n);
    expect(summary.unpriced).toEqual(lists.unpriced());
  });
});
