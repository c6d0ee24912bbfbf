import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMajor, parseMajor, MoneyFormatError } from './money.ts';
import { divideRounded } from './rounding.ts';
import { convertForValuation } from './convert.ts';
import { parseRate } from './rounding.ts';

describe('parseMajor / formatMajor', () => {
  it('when given a yen amount, keeps it whole', () => {
    expect(parseMajor('1500', 'JPY').amountMinor).toBe(1500n);
    expect(formatMajor(parseMajor('1500', 'JPY'))).toBe('1500');
  });

  it('when given dollars, stores cents exactly', () => {
    expect(parseMajor('12345.5', 'USD').amountMinor).toBe(1234550n);
    expect(formatMajor(parseMajor('0.07', 'USD'))).toBe('0.07');
    expect(formatMajor(parseMajor('-3.10', 'CNY'))).toBe('-3.10');
  });

  it('when input has more decimals than the currency, refuses instead of rounding', () => {
    expect(() => parseMajor('1.5', 'JPY')).toThrow(MoneyFormatError);
    expect(() => parseMajor('0.001', 'USD')).toThrow(MoneyFormatError);
    expect(parseMajor('2.500', 'USD').amountMinor).toBe(250n);
  });

  it('when input is not a number, refuses', () => {
    for (const bad of ['', 'abc', '1e5', '1,000', '0x10', ' . ', 'NaN']) {
      expect(() => parseMajor(bad, 'USD')).toThrow(MoneyFormatError);
    }
  });

  it('round-trips any amount through its decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (minor) => {
        for (const currency of ['JPY', 'USD'] as const) {
          const text = formatMajor({ currency, amountMinor: minor });
          expect(parseMajor(text, currency).amountMinor).toBe(minor);
        }
      }),
    );
  });
});

describe('divideRounded', () => {
  it.each([
    [5n, 2n, 'half-even', 2n],
    [7n, 2n, 'half-even', 4n],
    [-5n, 2n, 'half-even', -2n],
    [5n, 2n, 'half-up', 3n],
    [-5n, 2n, 'half-up', -3n],
    [7n, 3n, 'down', 2n],
    [-7n, 3n, 'down', -2n],
    [7n, 3n, 'up', 3n],
    [-7n, 3n, 'up', -3n],
    [8n, 3n, 'half-up', 3n],
  ] as const)('%s / %s rounded %s is %s', (n, d, mode, expected) => {
    expect(divideRounded(n, d, mode)).toBe(expected);
  });

  it('never differs from the exact quotient by a unit or more', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.constantFrom('half-even', 'half-up', 'down', 'up' as const),
        (n, d, mode) => {
          const q = divideRounded(n, d, mode);
          const error = q * d - n;
          expect(error < 0n ? -error : error).toBeLessThan(d);
        },
      ),
    );
  });
});

describe('convertForValuation', () => {
  it('when 100.00 USD at 149.235 JPY per USD, gives 14924 JPY (half-even)', () => {
    const yen = convertForValuation(parseMajor('100', 'USD'), 'JPY', parseRate('149.235'));
    expect(yen.amountMinor).toBe(14924n);
  });

  it('when 10000 JPY at 0.0067 USD per JPY, gives 67.00 USD', () => {
    const usd = convertForValuation(parseMajor('10000', 'JPY'), 'USD', parseRate('0.0067'));
    expect(formatMajor(usd)).toBe('67.00');
  });
});

describe('divideRates', () => {
  it('when crossing USD and CNY through JPY, gives the cross rate to 12 digits', async () => {
    const { divideRates } = await import('./convert.ts');
    const usdCny = divideRates(parseRate('150'), parseRate('20'));
    expect(usdCny).toEqual({ mantissa: 7_500_000_000_000n, scale: 12 });
  });
});
