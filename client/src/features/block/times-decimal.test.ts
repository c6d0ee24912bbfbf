import { describe, expect, it } from 'vitest';
import { timesDecimal } from './times-decimal.ts';

describe('timesDecimal', () => {
  it('multiplies a whole amount', () => {
    expect(timesDecimal('280000', 3)).toBe('840000');
  });
  it('keeps the decimals exactly, with no float drift', () => {
    expect(timesDecimal('0.10', 3)).toBe('0.30');
    expect(timesDecimal('1234.56', 100)).toBe('123456.00');
    expect(timesDecimal('0.07', 1)).toBe('0.07');
  });
  it('gives zero for zero lots', () => {
    expect(timesDecimal('280000', 0)).toBe('0');
  });
});
