import type { Currency } from '../money/currency.ts';
import { convertForValuation, type RateLookup } from '../money/convert.ts';
import { money } from '../money/money.ts';

/** Converts amounts to one display currency and remembers which currencies it could not price. */
export interface DisplayValuation {
  /** The amount in the display currency, or undefined when the feed has no rate for `currency`. */
  readonly toDisplay: (currency: Currency, amountMinor: bigint) => bigint | undefined;
  /** The sum in the display currency of the amounts it can price; the others are left out. */
  readonly sum: (amounts: readonly { currency: Currency; amountMinor: bigint }[]) => bigint;
  /** Currencies met without a feed rate, in the order met. */
  readonly unpriced: () => Currency[];
}

/**
 * Portfolio valuation in a display currency at the feed's FX (half-even, `convertForValuation`).
 * The one rule for a missing FX rate: an amount in a currency the feed has no rate for is LEFT OUT
 * of every display total (never converted at a guessed or stale rate) and its currency is named
 * as unpriced, so a screen can say the total is partial. An amount in the display currency, or a
 * zero amount, needs no rate. Used by the account summary and by the position lists' totals.
 */
export function displayValuation(target: Currency, rate: RateLookup): DisplayValuation {
  const unpriced = new Set<Currency>();
  const toDisplay = (currency: Currency, amountMinor: bigint): bigint | undefined => {
    if (currency === target || amountMinor === 0n) return amountMinor;
    const found = rate(currency, target);
    if (!found) {
      unpriced.add(currency);
      return undefined;
    }
    return convertForValuation(money(currency, amountMinor), target, found).amountMinor;
  };
  const sum = (amounts: readonly { currency: Currency; amountMinor: bigint }[]): bigint =>
    amounts.reduce((total, a) => total + (toDisplay(a.currency, a.amountMinor) ?? 0n), 0n);
  return { toDisplay, sum, unpriced: () => [...unpriced] };
}
