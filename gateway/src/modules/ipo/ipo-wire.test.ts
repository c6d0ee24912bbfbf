import { describe, expect, it } from 'vitest';
import { allotmentRate } from './ipo-wire.ts';

describe('allotmentRate', () => {
  it('is lots offered over lots applied, rounded to two decimals, 100.00 when undersubscribed', () => {
    expect(allotmentRate(3, 10)).toBe('30.00');
    expect(allotmentRate(1, 3)).toBe('33.33');
    expect(allotmentRate(30, 10)).toBe('100.00');
  });

  it('is no rate at all when nobody applied (shown as --, never 100% or 0%)', () => {
    expect(allotmentRate(30, 0)).toBeNull();
  });
});
