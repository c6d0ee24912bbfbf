import { describe, expect, it } from 'vitest';
import { compactAmount, fundamentalsLine } from './fundamentals.ts';

describe('fundamentals as shown', () => {
  it('shortens a market value the way each language reads it', () => {
    expect(compactAmount('26227481250000', 'us')).toBe('26.2T');
    expect(compactAmount('26227481250000', 'jp')).toBe('26.2兆');
    expect(compactAmount('26227481250000', 'cn')).toBe('26.2万亿');
    expect(compactAmount(null, 'us')).toBe('--');
  });

  it('the ranking line says market value and PER, "Loss" for a loss, nothing without figures', () => {
    const labels = { marketValue: 'Mkt cap', per: 'PER', loss: 'Loss' };
    const row = {
      market_value: '101372400000',
      per: null,
      fundamentals_source: 'simulated',
    } as const;
    expect(fundamentalsLine(row, 'us', labels)).toBe('Mkt cap 101.4B · PER Loss');
    expect(
      fundamentalsLine({ market_value: null, per: null, fundamentals_source: null }, 'us', labels),
    ).toBeNull();
  });
});
