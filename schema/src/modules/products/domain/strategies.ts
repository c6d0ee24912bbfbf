/**
 * Strategies: pure functions from daily closes to target weights. A weight is in basis points of
 * the book (10,000 = all of it); weights sum to at most 10,000 and the rest is held as cash.
 * Signals are computed in floating point (they only choose weights); money is never a float.
 */
export type Closes = Readonly<Record<string, readonly bigint[]>>;
export type Weights = Readonly<Record<string, number>>;

export const WEIGHT_WHOLE = 10_000;

export type StrategyKind = 'momentum' | 'pair' | 'low_vol';

export interface StrategyParams {
  readonly kind: StrategyKind;
  /** The instruments the strategy may hold (the pair strategy: exactly two, in order). */
  readonly universe: readonly string[];
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function lastN(series: readonly bigint[], n: number): number[] {
  return series.slice(-n).map(Number);
}

/** Equal weights over `symbols`, rounded down to whole basis points (the rest stays cash). */
export function equalWeights(symbols: readonly string[]): Weights {
  if (symbols.length === 0) return {};
  const each = Math.floor(WEIGHT_WHOLE / symbols.length);
  return Object.fromEntries(symbols.map((s) => [s, each]));
}

export const MOMENTUM_FAST = 20;
export const MOMENTUM_SLOW = 60;
export const MOMENTUM_PICKS = 3;

/**
 * 20/60-day momentum basket: of the universe, the names whose 20-day average close is above their
 * 60-day average, ranked by their 60-day return, the best `MOMENTUM_PICKS` held in equal weights.
 * No name qualifies (or fewer than 60 closes): all cash.
 */
export function momentumWeights(closes: Closes, universe: readonly string[]): Weights {
  const ranked: Array<{ symbol: string; ret: number }> = [];
  for (const symbol of universe) {
    const series = closes[symbol] ?? [];
    if (series.length < MOMENTUM_SLOW) continue;
    const fast = mean(lastN(series, MOMENTUM_FAST));
    const slowWindow = lastN(series, MOMENTUM_SLOW);
    const slow = mean(slowWindow);
    if (!(fast > slow)) continue;
    const first = slowWindow[0] as number;
    ranked.push({
      symbol,
      ret: first > 0 ? (slowWindow[slowWindow.length - 1] as number) / first - 1 : 0,
    });
  }
  ranked.sort((a, b) => b.ret - a.ret || (a.symbol < b.symbol ? -1 : 1));
  return equalWeights(ranked.slice(0, MOMENTUM_PICKS).map((r) => r.symbol));
}

export const PAIR_WINDOW = 20;
export const PAIR_ENTRY_Z = 1;
/** The weights the pair holds: evenly, or tilted towards the name that is cheap against the other. */
export const PAIR_TILT = { even: 5_000, heavy: 7_500, light: 2_500 } as const;

/**
 * Mean-reversion pair (A, B): the z-score of today's price ratio A/B against its last 20 days.
 * Above +1 (A rich against B): 25% A, 75% B; below −1: 75% A, 25% B; otherwise 50/50.
 * Fewer than 20 closes of either: all cash.
 */
export function pairWeights(closes: Closes, pair: readonly string[]): Weights {
  const [a, b] = pair;
  if (a === undefined || b === undefined) return {};
  const seriesA = closes[a] ?? [];
  const seriesB = closes[b] ?? [];
  if (seriesA.length < PAIR_WINDOW || seriesB.length < PAIR_WINDOW) return {};
  const ratios = lastN(seriesA, PAIR_WINDOW).map(
    (p, i) => p / (lastN(seriesB, PAIR_WINDOW)[i] as number),
  );
  const avg = mean(ratios);
  const sd = Math.sqrt(mean(ratios.map((r) => (r - avg) ** 2)));
  const z = sd > 0 ? ((ratios[ratios.length - 1] as number) - avg) / sd : 0;
  if (z > PAIR_ENTRY_Z) return { [a]: PAIR_TILT.light, [b]: PAIR_TILT.heavy };
  if (z < -PAIR_ENTRY_Z) return { [a]: PAIR_TILT.heavy, [b]: PAIR_TILT.light };
  return { [a]: PAIR_TILT.even, [b]: PAIR_TILT.even };
}

export const LOW_VOL_WINDOW = 60;
export const LOW_VOL_PICKS = 3;

/** The standard deviation of daily close-to-close returns over the last `window` closes. */
export function dailyVolatility(series: readonly bigint[], window: number): number {
  const prices = lastN(series, window + 1);
  const returns: number[] = [];
  for (let i = 1; i < prices.length; i += 1) {
    const previous = prices[i - 1] as number;
    if (previous > 0) returns.push((prices[i] as number) / previous - 1);
  }
  if (returns.length === 0) return Infinity;
  const avg = mean(returns);
  return Math.sqrt(mean(returns.map((r) => (r - avg) ** 2)));
}

/**
 * Low-volatility basket: the `LOW_VOL_PICKS` names of the universe with the lowest 60-day
 * volatility of daily returns, in equal weights. Names with fewer than 61 closes are not ranked.
 */
export function lowVolWeights(closes: Closes, universe: readonly string[]): Weights {
  const ranked = universe
    .filter((s) => (closes[s] ?? []).length > LOW_VOL_WINDOW)
    .map((symbol) => ({ symbol, vol: dailyVolatility(closes[symbol] ?? [], LOW_VOL_WINDOW) }))
    .sort((x, y) => x.vol - y.vol || (x.symbol < y.symbol ? -1 : 1));
  return equalWeights(ranked.slice(0, LOW_VOL_PICKS).map((r) => r.symbol));
}

/** The strategy's target weights for the book after today's close. */
export function targetWeights(params: StrategyParams, closes: Closes): Weights {
  switch (params.kind) {
    case 'momentum':
      return momentumWeights(closes, params.universe);
    case 'pair':
      return pairWeights(closes, params.universe);
    case 'low_vol':
      return lowVolWeights(closes, params.universe);
  }
}
