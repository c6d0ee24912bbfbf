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
