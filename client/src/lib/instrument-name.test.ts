import { describe, expect, it } from 'vitest';
import { instrumentName } from './instrument-name.ts';

const toyota = {
  symbol: '7203',
  name: { ja: 'トヨタ自動車', en: 'Toyota Motor', zh: '丰田汽车' },
};

describe('instrumentName', () => {
  it('names the stock in the reader’s language', () => {
    expect(instrumentName(toyota, 'jp')).toBe('トヨタ自動車');
    expect(instrumentName(toyota, 'cn')).toBe('丰田汽车');
    expect(instrumentName(toyota, 'us')).toBe('Toyota Motor');
  });

  it('falls back to the code where the row carries no names', () => {
    expect(instrumentName({ symbol: '7203', name: null }, 'jp')).toBe('7203');
    expect(instrumentName({ symbol: 'AAPL' }, 'us')).toBe('AAPL');
  });
});
