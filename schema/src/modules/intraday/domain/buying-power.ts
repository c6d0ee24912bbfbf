import { divideRounded } from '../../../domain/money/rounding.ts';
import { notionalMinor } from '../../../domain/market/prices.ts';
import type { Market } from '../../../domain/market/rules.ts';
import { INTRADAY_RULES } from './rules.ts';

/** Day-trade buying power of an applied amount: amount × leverage, rounded down (never more). */
export function buyingPowerOf(market: Market, amountMinor: bigint): bigint {
  const { numerator, denominator } = INTRADAY_RULES[market].leverage;
  return divideRounded(amountMinor * numerator, denominator, 'down');
}

/**
 * What is left of the buying power once the intraday positions already open under the
 * application are counted at their opening notional.
 */
export function buyingPowerLeft(buyingPower: bigint, openNotional: bigint): bigint {
  const left = buyingPower - openNotional;
  return left > 0n ? left : 0n;
}

/**
 * The open notional of an application: Σ of its open positions' opening notional (price × qty,
 * each rounded up to the minor unit), the one figure its buying power left is counted against.
 */
export function openNotional(
  market: Market,
  positions: readonly { readonly open_price: bigint; readonly qty: bigint }[],
): bigint {
  return positions.reduce((sum, p) => sum + notionalMinor(market, p.open_price, p.qty, 'up'), 0n);
}

/**
 * The margin an intraday position takes out of the application's hold: notional ÷ leverage,
 * rounded up (named rounding: `intraday margin up`), so Σ margins of positions within the buying
 * power never exceed the amount held.
 */
export function intradayMargin(market: Market, notionalMinor: bigint): bigint {
  const { numerator, denominator } = INTRADAY_RULES[market].leverage;
  return divideRounded(notionalMinor * denominator, numerator, 'up');
}

/** The whole-number leverage a position row records (display; the margin is the exact figure). */
export function positionLeverageOf(market: Market): number {
  const { numerator, denominator } = INTRADAY_RULES[market].leverage;
  return Number(numerator / denominator);
}
