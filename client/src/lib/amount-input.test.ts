import { describe, expect, it } from 'vitest';
import { amountFromInput, isAboveCap } from './amount-input.ts';

describe('amountFromInput', () => {
  it('takes grouping commas and spaces as a user types them', () => {
    expect(amountFromInput('1,500')).toBe('1500');
    expect(amountFromInput(' 1 500 000 ')).toBe('1500000');
    expect(amountFromInput('1500.25')).toBe('1500.25');
  });
  it('reads full-width digits, commas and points from a Japanese or Chinese keyboard', () => {
    expect(amountFromInput('１，５００')).toBe('1500');
    expect(amountFromInput('５０００．５')).toBe('5000.5');
    expect(amountFromInput('１、０００')).toBe('1000');
  });
  it('refuses anything that is not an amount', () => {
    for (const typed of ['', 'abc', '15e3', '-1500', '1.2.3', '1500円', '.5']) {
      expect(amountFromInput(typed), typed).toBeNull();
    }
  });
});

describe('isAboveCap', () => {
  it('compares exactly, whatever the decimals of each side', () => {
    expect(isAboveCap('600000', '500000')).toBe(true);
    expect(isAboveCap('500000', '500000')).toBe(false);
    expect(isAboveCap('500000.01', '500000')).toBe(true);
    expect(isAboveCap('499999.99', '500000.00')).toBe(false);
    expect(isAboveCap('10000.5', '10000.49')).toBe(true);
    expect(isAboveCap('99999999999999999.99', '99999999999999999.98')).toBe(true);
  });
});
