import { divideRounded } from '../money/rounding.ts';
import { type PriceLimitRule, type TickTableId } from './rules.ts';
import { roundToTick, tickSizeAt } from './tick-size.ts';

/**
 * TSE daily price limits (値幅制限): base price strictly below `below` → ± `limit`, in yen
 * (MARKET-RULES.md §3.1, the table current since 2025; the last row is open-ended).
 */
const TSE_BANDS: ReadonlyArray<readonly [number, number]> = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
];
const TSE_TOP_LIMIT_YEN = 10_000_000;

/** The ± yen band for a TSE base price given in tenths of a yen. */
export function tseLimitWidth(basePriceTenths: bigint): bigint {
  for (const [below, limit] of TSE_BANDS) {
    if (basePriceTenths < BigInt(below) * 10n) return BigInt(limit) * 10n;
  }
  return BigInt(TSE_TOP_LIMIT_YEN) * 10n;
}

export interface PriceLimits {
  readonly up: bigint;
  readonly down: bigint;
}

/**
 * The day's limit prices from the base (previous close, or the theoretical ex-rights price after
 * a corporate action). `null` when the market has no daily limit (US: LULD only).
 * China: round(base × (1 ± r), 2) half up (§3.2). Lower limits never go below one tick.
 */
export function dailyLimits(
  rule: PriceLimitRule,
  table: TickTableId,
  base: bigint,
): PriceLimits | null {
  if (rule.kind === 'none_luld') return null;
  if (rule.kind === 'tse_yen_bands') {
    const width = tseLimitWidth(base);
    const floor = tickSizeAt(table, 1n);
    const down = base - width > floor ? base - width : floor;
    return { up: base + width, down };
  }
  const percent = BigInt(Math.round(rule.percent * 100));
  const up = divideRounded(base * (10_000n + percent), 10_000n, 'half-up');
  const down = divideRounded(base * (10_000n - percent), 10_000n, 'half-up');
  return {
    up: roundToTick(table, up, 'down'),
    down: roundToTick(table, down > 0n ? down : 1n, 'up'),
  };
}

export function withinLimits(limits: PriceLimits | null, price: bigint): boolean {
  return limits === null || (price >= limits.down && price <= limits.up);
}

/** Clamps a candidate price into the limits (the simulator's limit-up / limit-down board). */
export function clampToLimits(limits: PriceLimits | null, price: bigint): bigint {
  if (limits === null) return price;
  if (price > limits.up) return limits.up;
  if (price < limits.down) return limits.down;
  return price;
}
