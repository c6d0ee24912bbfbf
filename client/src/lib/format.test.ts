import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('groups thousands and keeps the server decimals exactly', () => {
    expect(formatMoney('10000000')).toBe('10,000,000');
    expect(formatMoney('1234567.89')).toBe('1,234,567.89');
    expect(formatMoney('-1500.00')).toBe('-1,500.00');
  });

  it('shows 0.00 for empty or invalid values', () => {
    for (const bad of [undefined, null, '', 'abc', '1e5', 'NaN']) expect(formatMoney(bad)).toBe('0.00');
  });
});
