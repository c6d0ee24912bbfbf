import { describe, expect, it } from 'vitest';
import { assertBalanced } from '../ledger/journal.ts';
import { exchangePostings, formatRate, quoteExchange } from './exchange.ts';
import { isKatakanaName, sameKanaName } from './kana.ts';
import { withdrawalWindowOpen } from './withdrawal-rules.ts';

describe('currency exchange', () => {
  it('prices ¥100,000 to USD at a mid of 0.0064 with the 0.50% spread, rounding the cents down', () => {
    const quote = quoteExchange({
      from: 'JPY',
      to: 'USD',
      midRate: { mantissa: 64n, scale: 4 },
      amountInMinor: 100_000n,
    });
    // 100,000 × 0.0064 × 0.995 = 636.80 exactly
    expect(quote.amountOutMinor).toBe(63_680n);
    expect(formatRate(quote.appliedRate)).toBe('0.006368');
  });

  it('rounds down where the exact amount has a fraction of the minor unit', () => {
    // $10.00 at 155.123 yen: 10 × 155.123 × 0.995 = 1543.47… → ¥1,543
    const quote = quoteExchange({
      from: 'USD',
      to: 'JPY',
      midRate: { mantissa: 155_123n, scale: 3 },
      amountInMinor: 1_000n,
    });
    expect(quote.amountOutMinor).toBe(1_543n);
  });

  it('books one balanced journal with both legs through the house FX book', () => {
    const quote = quoteExchange({
      from: 'JPY',
      to: 'USD',
      midRate: { mantissa: 64n, scale: 4 },
      amountInMinor: 100_000n,
    });
    const postings = exchangePostings(7, quote);
    expect(() => assertBalanced(postings)).not.toThrow();
    expect(postings.map((p) => p.amountMinor)).toEqual([-100_000n, 100_000n, -63_680n, 63_680n]);
  });
});

describe('holder names', () => {
  it('accepts full-width katakana with a space and folds half-width input', () => {
    expect(isKatakanaName('ヤマダ タロウ')).toBe(true);
    expect(isKatakanaName('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe(true);
    expect(sameKanaName('ﾔﾏﾀﾞ ﾀﾛｳ', 'ヤマダ　タロウ')).toBe(true);
  });

  it('refuses kanji, latin letters, hiragana and blanks', () => {
    for (const name of ['山田太郎', 'YAMADA', 'やまだ', '   ', 'ー']) {
      expect(isKatakanaName(name)).toBe(false);
    }
    expect(sameKanaName('ヤマダ タロウ', 'ヤマダ ハナコ')).toBe(false);
  });
});

describe('withdrawal window', () => {
  const tokyo = (iso: string) => Date.parse(`${iso}+09:00`);
  it('is open on a business day from 09:00 to 15:29 Tokyo time', () => {
    expect(withdrawalWindowOpen(tokyo('2026-11-24T09:00:00'))).toBe(true);
    expect(withdrawalWindowOpen(tokyo('2026-11-24T15:29:59'))).toBe(true);
    expect(withdrawalWindowOpen(tokyo('2026-11-24T08:59:59'))).toBe(false);
    expect(withdrawalWindowOpen(tokyo('2026-11-24T15:30:00'))).toBe(false);
  });

  it('is closed on weekends, national holidays and over the new year', () => {
    expect(withdrawalWindowOpen(tokyo('2026-11-22T10:00:00'))).toBe(false); // Sunday
    expect(withdrawalWindowOpen(tokyo('2026-11-23T10:00:00'))).toBe(false); // Labour Thanksgiving Day
    expect(withdrawalWindowOpen(tokyo('2026-12-31T10:00:00'))).toBe(false);
  });
});
