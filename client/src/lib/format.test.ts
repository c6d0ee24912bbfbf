import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatMoney, formatPrice, ppmAsPercent } from './format.ts';

describe('formatMoney', () => {
  it('groups thousands and keeps the server decimals exactly', () => {
    expect(formatMoney('10000000')).toBe('10,000,000');
    expect(formatMoney('1234567.89')).toBe('1,234,567.89');
    expect(formatMoney('-1500.00')).toBe('-1,500.00');
  });

  it('shows 0.00 for empty or invalid values', () => {
    for (const bad of [undefined, null, '', 'abc', '1e5', 'NaN']) {
      expect(formatMoney(bad)).toBe('0.00');
    }
  });
});

describe('formatPrice', () => {
  it('shows a derived price at the decimals quotes use (JP 0.1 yen, US cents)', () => {
    const jp = { min: 0, max: 1 };
    expect(formatPrice(2615.4999999999995, jp)).toBe('2,615.5');
    expect(formatPrice(2615.5, jp)).toBe('2,615.5');
    expect(formatPrice(2615, jp)).toBe('2,615');
    expect(formatPrice(231.1, { min: 2, max: 2 })).toBe('231.10');
    expect(formatPrice(Number.NaN, jp)).toBe('--');
  });
});

describe('formatAmount', () => {
  it('shows every amount the same way: grouped digits and the currency code, no decimals for yen', () => {
    expect(formatAmount('10000000', 'JPY')).toBe('10,000,000 JPY');
    expect(formatAmount('70000.00', 'USD')).toBe('70,000.00 USD');
    expect(formatAmount(undefined, 'JPY')).toBe('0 JPY');
    expect(formatAmount(null, 'CNY')).toBe('0.00 CNY');
  });
});

describe('ppmAsPercent', () => {
  it('writes parts per million as a percentage by digits', () => {
    expect(ppmAsPercent(4950)).toBe('0.495%');
    expect(ppmAsPercent(250)).toBe('0.025%');
    expect(ppmAsPercent(10)).toBe('0.001%');
    expect(ppmAsPercent(0)).toBe('0%');
    expect(ppmAsPercent(10000)).toBe('1%');
  });
});

describe('formatCount', () => {
  it('groups whole counts and shows -- for anything that is not one', () => {
    expect(formatCount(200000)).toBe('200,000');
    expect(formatCount('3000')).toBe('3,000');
    expect(formatCount(7)).toBe('7');
    for (const bad of [Number.NaN, Infinity, 1.5, '', 'abc', null, undefined]) {
      expect(formatCount(bad)).toBe('--');
    }
  });
});
