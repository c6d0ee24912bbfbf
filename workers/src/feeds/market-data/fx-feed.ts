import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import { fxSymbol } from '@kabuto/schema/contracts';
import { formatScaled, mulberry32, parseRate, pow10, type Currency } from '@kabuto/schema/domain';
import { FX_REFERENCE, changeRate, symbolSeed } from '@kabuto/schema/market';
import type { QuoteProvider } from './quote-provider.ts';

const FX_SCALE = 6;
/** Per-print standard deviation of the rate in parts per million (about 10% a year at 4 Hz). */
const STEP_PPM = 40;

interface FxState {
  readonly currency: Currency;
  readonly open: bigint;
  rate: bigint;
  high: bigint;
  low: bigint;
  seq: number;
}

/** FX trades around the clock from Monday morning in Asia to Friday evening in New York. */
export function fxOpen(nowMs: number): boolean {
  const date = new Date(nowMs);
  const day = date.getUTCDay();
  const hour = date.getUTCHours();
  if (day === 6) return false;
  if (day === 0) return hour >= 21;
  if (day === 5) return hour < 21;
  return true;
}

/** Yen per unit of every currency of spec section 9, a seeded walk around its reference mid rate. */
export function createFxFeed(
  seed: number,
  options: { alwaysOpen: boolean; source: string },
): QuoteProvider {
  const random = mulberry32(symbolSeed(seed, 'FX'));
  const states: FxState[] = FX_REFERENCE.map(([currency, text]) => {
    const ref = parseRate(text);
    const rate = ref.mantissa * pow10(FX_SCALE - ref.scale);
    return { currency, open: rate, rate, high: rate, low: rate, seq: 0 };
  });
  return {
    source: options.source,
    next(nowMs) {
      if (!options.alwaysOpen && !fxOpen(nowMs)) return [];
      return states.map((s) => {
        const shock = Math.round((random() + random() + random() - 1.5) * 2 * STEP_PPM);
        const next = s.rate + (s.rate * BigInt(shock)) / 1_000_000n;
        s.rate = next > 0n ? next : s.rate;
        if (s.rate > s.high) s.high = s.rate;
        if (s.rate < s.low) s.low = s.rate;
        s.seq += 1;
        return {
          symbol: fxSymbol(s.currency),
          market: 'FX',
          price: formatScaled(s.rate, FX_SCALE),
          change_rate: changeRate(s.rate, s.open),
          volume: 0,
          seq: s.seq,
          ts: nowMs,
          open: formatScaled(s.open, FX_SCALE),
          high: formatScaled(s.high, FX_SCALE),
          low: formatScaled(s.low, FX_SCALE),
          prev_close: formatScaled(s.open, FX_SCALE),
          turnover: '0',
          limit_up: null,
          limit_down: null,
          phase: 'continuous',
          date: new Date(nowMs).toISOString().slice(0, 10),
          source: options.source,
        } satisfies QuoteSnapshot;
      });
    },
  };
}
