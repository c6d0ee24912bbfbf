import { divideRounded } from '../money/rounding.ts';
import type { Candle } from './candles.ts';

/**
 * Price adjustment for corporate actions (复权), ratio method (MARKET-RULES.md §10):
 *   P_ex = (P_prev − D) / (1 + k)    f = P_prev / P_ex = P_prev (1 + k) / (P_prev − D)
 * Backward (hfq) multiplies each bar by the product of factors of events on or before it;
 * forward (qfq) divides that by the product of all factors, so the latest prices stay raw.
 * Factors are exact rationals; adjusted prices round half up to the price scale.
 */
export type Adjustment = 'none' | 'qfq' | 'hfq';

export interface CorporateAction {
  /** Ex-date as the trading-date key (UTC midnight of the exchange-local date). */
  readonly exDateMs: number;
  /** Cash dividend per share at the price scale. */
  readonly cashDividend: bigint;
  /** Bonus/split shares per existing share as a ratio (2-for-1 split: 1/1; 10-for-10 bonus: 1/1). */
  readonly bonusNumerator: bigint;
  readonly bonusDenominator: bigint;
}

export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

const ONE: Ratio = { num: 1n, den: 1n };
const times = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });

/** The theoretical ex-rights price, half up to the price scale. */
export function exRightsPrice(prevClose: bigint, action: CorporateAction): bigint {
  return divideRounded(
    (prevClose - action.cashDividend) * action.bonusDenominator,
    action.bonusDenominator + action.bonusNumerator,
    'half-up',
  );
}

export function adjustmentFactor(prevClose: bigint, action: CorporateAction): Ratio {
  return {
    num: prevClose * (action.bonusDenominator + action.bonusNumerator),
    den: (prevClose - action.cashDividend) * action.bonusDenominator,
  };
}

/** Split-only part of an event (volumes scale by this; dividends do not change volume). */
function splitFactor(action: CorporateAction): Ratio {
  return { num: action.bonusDenominator + action.bonusNumerator, den: action.bonusDenominator };
}

function scale(value: bigint, ratio: Ratio): bigint {
  return divideRounded(value * ratio.num, ratio.den, 'half-up');
}

/**
 * Adjusts ascending bars. `prevCloses` gives, per action, the raw close of the trading day before
 * its ex-date (the factor needs it); bars and actions are in the same symbol.
 */
export function adjustCandles(
  bars: readonly Candle[],
  actions: ReadonlyArray<CorporateAction & { readonly prevClose: bigint }>,
  mode: Adjustment,
): Candle[] {
  if (mode === 'none' || actions.length === 0) return [...bars];
  const sorted = [...actions].sort((a, b) => a.exDateMs - b.exDateMs);
  const total = sorted.reduce((acc, a) => times(acc, adjustmentFactor(a.prevClose, a)), ONE);
  const totalSplit = sorted.reduce((acc, a) => times(acc, splitFactor(a)), ONE);
  return bars.map((bar) => {
    const applied = sorted.filter((a) => a.exDateMs <= bar.startMs);
    const upTo = applied.reduce((acc, a) => times(acc, adjustmentFactor(a.prevClose, a)), ONE);
    const splitUpTo = applied.reduce((acc, a) => times(acc, splitFactor(a)), ONE);
    const priceRatio =
      mode === 'hfq' ? upTo : { num: upTo.num * total.den, den: upTo.den * total.num };
    const volumeRatio =
      mode === 'hfq'
        ? { num: splitUpTo.den, den: splitUpTo.num }
        : { num: totalSplit.num * splitUpTo.den, den: totalSplit.den * splitUpTo.num };
    return {
      startMs: bar.startMs,
      open: scale(bar.open, priceRatio),
      high: scale(bar.high, priceRatio),
      low: scale(bar.low, priceRatio),
      close: scale(bar.close, priceRatio),
      volume: scale(bar.volume, volumeRatio),
      turnover: bar.turnover,
    };
  });
}

/** The factor that maps a raw live price onto adjusted bars: 1 for qfq and none, the product of all factors for hfq. */
export function liveFactor(
  actions: ReadonlyArray<CorporateAction & { readonly prevClose: bigint }>,
  mode: Adjustment,
): Ratio {
  if (mode !== 'hfq') return ONE;
  return actions.reduce((acc, a) => times(acc, adjustmentFactor(a.prevClose, a)), ONE);
}
