import { describe, expect, it } from 'vitest';
import { parseWholeMajorAmount } from './whole-amount.ts';

describe('an added credit is a positive whole number of major units', () => {
  it('"9000" yen is 9,000 minor units; "112" dollars is 11,200 cents; the JSON integer 5 is ¥5', () => {
    expect(parseWholeMajorAmount('9000', 'JPY')).toBe(9_000n);
    expect(parseWholeMajorAmount('112', 'USD')).toBe(11_200n);
    expect(parseWholeMajorAmount(5, 'JPY')).toBe(5n);
  });

  it.each([
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    '',
    ' 1',
    '0x10',
    '01',
    '+1',
    '1,000',
    0,
    -1,
    1.5,
    null,
  ])('%j is not an amount', (raw) => {
    expect(parseWholeMajorAmount(raw, 'JPY')).toBeNull();
  });
});
