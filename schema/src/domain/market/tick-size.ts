import type { TickTableId } from './rules.ts';

/**
 * Tick-size tables (MARKET-RULES.md §2). Each row: prices up to and including `upTo` use `tick`.
 * Values are at the market's price scale: JP 0.1 yen (10 = ¥1), US 0.0001 dollar (100 = $0.01),
 * CN 0.01 yuan.
 */
interface TickRow {
  readonly upTo: bigint | null;
  readonly tick: bigint;
}

const yen = (major: number): bigint => BigInt(major) * 10n;

function tseTable(rows: ReadonlyArray<readonly [number | null, number]>): TickRow[] {
  return rows.map(([upTo, tickTenths]) => ({
    upTo: upTo === null ? null : yen(upTo),
    tick: BigInt(tickTenths),
  }));
}

/** Table "03": TOPIX500 constituents (tick in tenths of a yen). */
const TSE_TOPIX500 = tseTable([
  [1_000, 1],
  [3_000, 5],
  [10_000, 10],
  [30_000, 50],
  [100_000, 100],
  [300_000, 500],
  [1_000_000, 1_000],
  [3_000_000, 5_000],
  [10_000_000, 10_000],
  [30_000_000, 50_000],
  [null, 100_000],
]);

/** Table "01": all other issues. */
const TSE_OTHER = tseTable([
  [3_000, 10],
  [5_000, 50],
  [30_000, 100],
  [50_000, 500],
  [300_000, 1_000],
  [500_000, 5_000],
  [3_000_000, 10_000],
  [5_000_000, 50_000],
  [30_000_000, 100_000],
  [50_000_000, 500_000],
  [null, 1_000_000],
]);

/** Reg NMS Rule 612: $0.01 at or above $1.00, $0.0001 below (prices in 0.0001 dollars). */
const US_REG_NMS: TickRow[] = [
  { upTo: 9_999n, tick: 1n },
  { upTo: null, tick: 100n },
];

/** A-shares: CNY 0.01; indices: one unit of their price scale. */
const CN_A_SHARE: TickRow[] = [{ upTo: null, tick: 1n }];

const TABLES: Readonly<Record<TickTableId, readonly TickRow[]>> = {
  tse_topix500: TSE_TOPIX500,
  tse_other: TSE_OTHER,
  us_reg_nms: US_REG_NMS,
  cn_a_share: CN_A_SHARE,
  index_points: CN_A_SHARE,
};

/** The tick that applies at `price` (a positive scaled price). */
export function tickSizeAt(table: TickTableId, price: bigint): bigint {
  for (const row of TABLES[table]) if (row.upTo === null || price <= row.upTo) return row.tick;
  throw new Error('tick table has no open-ended row');
}

export function isOnTick(table: TickTableId, price: bigint): boolean {
  return price > 0n && price % tickSizeAt(table, price) === 0n;
}

/**
 * Rounds a price to the tick grid. `down` and `up` are for limits and order prices; `nearest`
 * (half up) is for simulated prints. A result that crosses a band edge is re-checked against the
 * tick of its own band.
 */
export function roundToTick(
  table: TickTableId,
  price: bigint,
  mode: 'down' | 'up' | 'nearest',
): bigint {
  const tick = tickSizeAt(table, price > 0n ? price : 1n);
  const below = price - (((price % tick) + tick) % tick);
  let rounded = below;
  if (mode === 'up' && below !== price) rounded = below + tick;
  if (mode === 'nearest' && (price - below) * 2n >= tick) rounded = below + tick;
  if (rounded <= 0n) return tickSizeAt(table, 1n);
  return isOnTick(table, rounded)
    ? rounded
    : roundToTick(table, rounded, mode === 'up' ? 'up' : 'down');
}

/** Moves a price by whole ticks (positive or negative), staying on the grid across band edges. */
export function stepTicks(table: TickTableId, price: bigint, steps: number): bigint {
  let current = price;
  for (let i = 0; i < Math.abs(steps); i += 1) {
    if (steps > 0) current += tickSizeAt(table, current + 1n);
    else {
      current =
        current - tickSizeAt(table, current) > 0n ? current - tickSizeAt(table, current) : current;
    }
  }
  return current;
}
