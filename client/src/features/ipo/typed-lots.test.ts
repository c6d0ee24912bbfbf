import { describe, expect, it } from 'vitest';
import { lotsInRange } from './typed-lots.ts';

const limits = { min_lots: 1, max_lots: 3 };

describe('lotsInRange', () => {
  it('keeps whole lots from the minimum to the maximum', () => {
    expect([1, 2, 3].map((lots) => lotsInRange(lots, limits))).toEqual([1, 2, 3]);
  });

  it('refuses lots outside the range, fractions and an empty field', () => {
    for (const typed of [0, 4, 100, -1, 1.5, Number.NaN, null, undefined]) {
      expect(lotsInRange(typed, limits), String(typed)).toBeNull();
    }
  });
});
