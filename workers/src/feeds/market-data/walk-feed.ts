import { formatScaled, mulberry32 } from '@kabuto/schema/domain';
import type { QuoteTick } from '@kabuto/schema/contracts';

/** The provider interface: a real vendor adapter implements the same. */
export interface QuoteProvider {
  /** Ticks produced at `nowMs`; may be empty. */
  next(nowMs: number): QuoteTick[];
}

interface WalkState {
  readonly symbol: string;
  readonly scale: number;
  readonly stepMinor: bigint;
  readonly prevCloseMinor: bigint;
  priceMinor: bigint;
  volume: number;
  seq: number;
}

/** Percent change with two decimals, rounded half away from zero, as a decimal string. */
export function changeRate(priceMinor: bigint, prevCloseMinor: bigint): string {
  const basisPoints100 = ((priceMinor - prevCloseMinor) * 100_00n * 2n) / prevCloseMinor;
  const rounded = basisPoints100 >= 0n ? (basisPoints100 + 1n) / 2n : (basisPoints100 - 1n) / 2n;
  return formatScaled(rounded, 2);
}

/**
 * The foundation's feed: a seeded random walk on each instrument's tick grid, deterministic for
 * a seed. Each step moves a price by -2..+2 ticks, kept within ±10% of the previous close.
 * The market-data issue replaces it with the full simulator (sessions, limits, volatility).
 */
export function createWalkFeed(
  instruments: ReadonlyArray<{ symbol: string; priceScale: number; tickMinor: bigint; startPriceMinor: bigint }>,
  seed: number,
): QuoteProvider {
  const random = mulberry32(seed);
  const states: WalkState[] = instruments.map((i) => ({
    symbol: i.symbol,
    scale: i.priceScale,
    stepMinor: i.tickMinor,
    prevCloseMinor: i.startPriceMinor,
    priceMinor: i.startPriceMinor,
    volume: 0,
    seq: 0,
  }));
  return {
    next(nowMs) {
      return states.map((state) => {
        const steps = BigInt(Math.floor(random() * 5) - 2);
        const candidate = state.priceMinor + steps * state.stepMinor;
        const band = state.prevCloseMinor / 10n;
        if (candidate >= state.prevCloseMinor - band && candidate <= state.prevCloseMinor + band) {
          state.priceMinor = candidate;
        }
        state.volume += 100 * (1 + Math.floor(random() * 20));
        state.seq += 1;
        return {
          symbol: state.symbol,
          price: formatScaled(state.priceMinor, state.scale),
          change_rate: changeRate(state.priceMinor, state.prevCloseMinor),
          volume: state.volume,
          seq: state.seq,
          ts: nowMs,
        };
      });
    },
  };
}
