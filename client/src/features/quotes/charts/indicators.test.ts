import { describe, expect, it } from 'vitest';
import { kdj, macd, movingAverage } from './indicators.ts';

describe('chart indicators', () => {
  it('moving average waits for its window, then averages it', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([Number.NaN, Number.NaN, 2, 3, 4]);
  });

  it('MACD of a flat series is zero; of a rising one, DIF is positive', () => {
    expect(macd(Array(40).fill(10)).dif.every((v) => v === 0)).toBe(true);
    const rising = macd(Array.from({ length: 40 }, (_, i) => 10 + i));
    expect(rising.dif[39]).toBeGreaterThan(0);
    expect(rising.hist[39]).toBeCloseTo(
      2 * ((rising.dif[39] as number) - (rising.dea[39] as number)),
    );
  });

  it('KDJ stays at 50 on a flat series and rises toward 100 when closes sit at the highs', () => {
    const flat = kdj([10, 10, 10], [10, 10, 10], [10, 10, 10]);
    expect(flat.k).toEqual([50, 50, 50]);
    const up = kdj([11, 12, 13, 14], [9, 10, 11, 12], [11, 12, 13, 14]);
    expect(up.k[3]).toBeGreaterThan(80);
    expect(up.j[3]).toBeCloseTo(3 * (up.k[3] as number) - 2 * (up.d[3] as number));
  });
});
