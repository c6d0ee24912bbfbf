import { mulberry32 } from '../ids.ts';
import type { Instrument } from './instruments.ts';
import { clampToLimits, dailyLimits, type PriceLimits } from './price-limits.ts';
import { MARKET_RULES } from './rules.ts';
import { roundToTick } from './tick-size.ts';

/**
 * The price simulator (MARKET-RULES.md §11): GARCH(1,1) daily variance, an overnight gap holding
 * a quarter of the day's variance, intraday geometric Brownian steps scaled by a U-shaped
 * activity curve, rare Merton jumps, and the exchange's clamps: every print on the tick grid and
 * inside the day's limits. The walk runs in floating log space; what leaves it is an exact
 * scaled integer. Deterministic for a seed and a sequence of step times.
 */
const ALPHA = 0.08;
const BETA = 0.9;
const OVERNIGHT_SHARE = 0.25;
const JUMPS_PER_DAY = 4 / 252;
const JUMP_SIGMA = 0.06;
const CURVE_MEAN = 1.32;

export interface SymbolSimState {
  readonly instrument: Instrument;
  readonly random: () => number;
  /** The day's base (previous close or ex-rights price) and limits. */
  base: bigint;
  limits: PriceLimits | null;
  /** Current theoretical log price and its quantised print. */
  logPrice: number;
  price: bigint;
  /** Daily variance (GARCH state) and the day's opening log price, for the next update. */
  variance: number;
  dayOpenLog: number;
  /** Shares per session at a typical turnover. */
  dailyVolume: number;
}

/** FNV-1a over the symbol, mixed with the seed: each symbol gets its own reproducible stream. */
export function symbolSeed(seed: number, symbol: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < symbol.length; i += 1) {
    hash = Math.imul(hash ^ symbol.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Activity across a session, x in [0, 1]: heavy at the open and into the close (mean ≈ 1.32). */
export function activityCurve(x: number): number {
  return 1 + 2.5 * Math.exp(-x / 0.08) + 2 * Math.exp(-(1 - x) / 0.06);
}

const TURNOVER_PER_DAY: Readonly<Record<'US' | 'JP' | 'CN', number>> = {
  US: 2e9,
  JP: 2e10,
  CN: 1.5e9,
};

function toFloat(price: bigint, scale: number): number {
  return Number(price) / 10 ** scale;
}

/** Quantises a theoretical price onto the grid and into the limits. */
export function quantise(
  instrument: Instrument,
  limits: PriceLimits | null,
  logPrice: number,
): bigint {
  const scale = MARKET_RULES[instrument.market].priceScale;
  const raw = BigInt(Math.max(1, Math.round(Math.exp(logPrice) * 10 ** scale)));
  return clampToLimits(limits, roundToTick(instrument.tickTable, raw, 'nearest'));
}

export function createSymbolState(
  instrument: Instrument,
  seed: number,
  startPrice: bigint,
  streamKey = '',
): SymbolSimState {
  const scale = MARKET_RULES[instrument.market].priceScale;
  const longRun = (instrument.annualVolPercent / 100) ** 2 / 252;
  const logPrice = Math.log(toFloat(startPrice, scale));
  return {
    instrument,
    random: mulberry32(symbolSeed(seed, instrument.symbol + streamKey)),
    base: startPrice,
    limits: dailyLimits(instrument.priceLimit, instrument.tickTable, startPrice),
    logPrice,
    price: startPrice,
    variance: longRun,
    dayOpenLog: logPrice,
    dailyVolume: Math.max(1000, TURNOVER_PER_DAY[instrument.market] / toFloat(startPrice, scale)),
  };
}

/**
 * Opens a trading day from `base` (the previous close, or the ex-rights price after a corporate
 * action): updates the GARCH variance from yesterday's move, sets the limits and applies the
 * overnight gap. Returns the opening print.
 */
export function openDay(state: SymbolSimState, base: bigint): bigint {
  const scale = MARKET_RULES[state.instrument.market].priceScale;
  const baseLog = Math.log(toFloat(base, scale));
  const longRun = (state.instrument.annualVolPercent / 100) ** 2 / 252;
  const lastReturn = state.logPrice - state.dayOpenLog;
  state.variance =
    (1 - ALPHA - BETA) * longRun + ALPHA * lastReturn * lastReturn + BETA * state.variance;
  state.base = base;
  state.limits = dailyLimits(state.instrument.priceLimit, state.instrument.tickTable, base);
  state.logPrice = baseLog + Math.sqrt(state.variance * OVERNIGHT_SHARE) * gaussian(state.random);
  state.dayOpenLog = baseLog;
  state.price = quantise(state.instrument, state.limits, state.logPrice);
  state.logPrice = Math.log(toFloat(state.price, scale));
  return state.price;
}

export interface Print {
  readonly price: bigint;
  readonly volume: bigint;
}

/**
 * Advances one symbol by `minutes` of session time ending at session fraction `x` (0 = open,
 * 1 = close) in a session of `sessionMinutes`. A price pinned at a limit stays there until the
 * walk comes back inside (the limit board).
 */
export function stepSymbol(
  state: SymbolSimState,
  minutes: number,
  x: number,
  sessionMinutes: number,
): Print {
  const scale = MARKET_RULES[state.instrument.market].priceScale;
  const weight = activityCurve(Math.min(1, Math.max(0, x))) / CURVE_MEAN;
  const variance = (state.variance * (1 - OVERNIGHT_SHARE) * weight * minutes) / sessionMinutes;
  let move = Math.sqrt(variance) * gaussian(state.random) - variance / 2;
  if (state.random() < (JUMPS_PER_DAY * minutes) / sessionMinutes) {
    move += JUMP_SIGMA * gaussian(state.random);
  }
  state.logPrice += move;
  state.price = quantise(state.instrument, state.limits, state.logPrice);
  const pinned =
    state.limits && (state.price === state.limits.up || state.price === state.limits.down);
  if (pinned) state.logPrice = Math.log(toFloat(state.price, scale));
  const lot = state.instrument.quantity.lotSize;
  const expected = (state.dailyVolume * weight * minutes) / sessionMinutes;
  const lots = Math.max(
    1,
    Math.round((expected * Math.exp(0.5 * gaussian(state.random) - 0.125)) / lot),
  );
  return { price: state.price, volume: BigInt(lots * lot) };
}
