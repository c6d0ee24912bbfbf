import { scaleOf, type Currency } from './currency.ts';
import { money, type Money } from './money.ts';
import { divideRounded, pow10, type DecimalRate } from './rounding.ts';

/**
 * Converts at `rate` units of `to` per one unit of `from`. Rounding: half-even, named here
 * because valuation (not settlement) is the only use; settlement FX is the exchange issue's.
 */
export function convertForValuation(value: Money, to: Currency, rate: DecimalRate): Money {
  const numerator = value.amountMinor * rate.mantissa * pow10(scaleOf(to));
  const denominator = pow10(rate.scale + scaleOf(value.currency));
  return money(to, divideRounded(numerator, denominator, 'half-even'));
}

/** The feed's rate of `to` per one `from`, or undefined when the feed has none. */
export type RateLookup = (from: Currency, to: Currency) => DecimalRate | undefined;

const CROSS_RATE_DIGITS = 12;

/** a / b as a decimal rate with 12 fractional digits (half-even): a cross rate via a common currency. */
export function divideRates(a: DecimalRate, b: DecimalRate): DecimalRate {
  if (b.mantissa === 0n) throw new RangeError('rate of zero');
  const numerator = a.mantissa * pow10(CROSS_RATE_DIGITS + b.scale);
  const denominator = b.mantissa * pow10(a.scale);
  return { mantissa: divideRounded(numerator, denominator, 'half-even'), scale: CROSS_RATE_DIGITS };
}
