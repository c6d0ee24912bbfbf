import { describe, expect, it } from 'vitest';
import { summarise } from './chart-summary.ts';

const bar = (t: number, o: number, h: number, l: number, c: number) => ({
  t,
  o,
  h,
  l,
  c,
  v: 0,
  a: 0,
});

describe('summarise', () => {
  it('the change against the previous close, the high and the low with their times', () => {
    const bars = [
      bar(1, 100, 101, 99, 100.5),
      bar(2, 100.5, 104, 100, 103),
      bar(3, 103, 103.5, 98, 102.3),
    ];
    expect(summarise(bars, 100)).toEqual({
      changePct: 2.3,
      high: { price: 104, t: 2 },
      low: { price: 98, t: 3 },
    });
  });

  it('against the first open without a previous close; null without bars', () => {
    expect(summarise([bar(1, 200, 210, 190, 190)], null)?.changePct).toBe(-5);
    expect(summarise([], 100)).toBeNull();
  });
});
