import { dateToUtcMs, utcMsToDate } from './calendar-dates.ts';

/**
 * Candles: 1-minute bars from ticks, daily bars per trading date; everything else is rolled up
 * from those two on read. Minute bars are keyed by their UTC start; daily bars by the exchange-local
 * trading date, stored as that date's UTC midnight.
 */
export interface Candle {
  readonly startMs: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
  readonly turnover: bigint;
}

export type Period = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M' | '1y';
export const PERIODS: readonly Period[] = ['1m', '5m', '15m', '30m', '1d', '1w', '1M', '1y'];

/** The stored period each period rolls up from. */
export function basePeriodOf(period: Period): '1m' | '1d' {
  return period === '1m' || period === '5m' || period === '15m' || period === '30m' ? '1m' : '1d';
}

const MINUTES: Partial<Record<Period, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30 };

/** The bucket a stored bar falls into. Minute buckets align to UTC, which every session here shares (whole-hour offsets). */
export function bucketStart(period: Period, startMs: number): number {
  const minutes = MINUTES[period];
  if (minutes) return startMs - (startMs % (minutes * 60_000));
  if (period === '1d') return startMs;
  const date = new Date(startMs);
  if (period === '1w') {
    const mondayOffset = (date.getUTCDay() + 6) % 7;
    return startMs - mondayOffset * 86_400_000;
  }
  if (period === '1M') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return Date.UTC(date.getUTCFullYear(), 0, 1);
}

/** Rolls ascending bars up into `period`: first open, max high, min low, last close, summed volume. */
export function rollUp(bars: readonly Candle[], period: Period): Candle[] {
  const result: Candle[] = [];
  let current: { -readonly [K in keyof Candle]: Candle[K] } | null = null;
  for (const bar of bars) {
    const start = bucketStart(period, bar.startMs);
    if (current && current.startMs === start) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
      current.turnover += bar.turnover;
      continue;
    }
    if (current) result.push(current);
    current = { ...bar, startMs: start };
  }
  if (current) result.push(current);
  return result;
}

/** Folds one print into a bar (or opens the bar). */
export function addPrint(
  bar: Candle | undefined,
  startMs: number,
  price: bigint,
  volume: bigint,
  turnover: bigint,
): Candle {
  if (!bar || bar.startMs !== startMs) {
    return { startMs, open: price, high: price, low: price, close: price, volume, turnover };
  }
  return {
    startMs,
    open: bar.open,
    high: price > bar.high ? price : bar.high,
    low: price < bar.low ? price : bar.low,
    close: price,
    volume: bar.volume + volume,
    turnover: bar.turnover + turnover,
  };
}

export function tradingDateKey(date: string): number {
  return dateToUtcMs(date);
}

export function tradingDateOf(startMs: number): string {
  return utcMsToDate(startMs);
}
