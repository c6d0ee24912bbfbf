import { describe, expect, it } from 'vitest';
import { amountFromInput } from './amount-input.ts';

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
