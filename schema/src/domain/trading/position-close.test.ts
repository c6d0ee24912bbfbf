import { describe, expect, it } from 'vitest';
import { findInstrument, type Instrument } from '../market/instruments.ts';
import type { FeeBreakdown } from './fees.ts';
import {
  closeQuantityValid,
  marginPlusFees,
  marginShareOfPartialClose,
  tPlusOneBlocksClose,
} from './position-close.ts';

const toyota = findInstrument('7203') as Instrument;
const moutai = findInstrument('600519') as Instrument;
const apple = findInstrument('AAPL') as Instrument;
const utc = (text: string) => Date.parse(text);

describe('the margin share of a partial close (pro rata, rounded down to the minor unit)', () => {
  it('¥100,001 margin on 300 shares, 100 closed → ¥33,333 goes, ¥66,668 stays', () => {
    const share = marginShareOfPartialClose(100_001n, 100n, 300n);
    expect(share).toBe(33_333n);
    expect(100_001n - share).toBe(66_668n);
  });

  it('$10.00 (1,000 cents) margin on 3 shares, 2 closed → 666 cents go (666.67 rounded down)', () => {
    expect(marginShareOfPartialClose(1_000n, 2n, 3n)).toBe(666n);
  });

  it('an exact share is not rounded: ¥90,000 on 300 shares, 200 closed → ¥60,000', () => {
    expect(marginShareOfPartialClose(90_000n, 200n, 300n)).toBe(60_000n);
  });
});

describe('which close quantities are valid', () => {
  it('all of a position is always valid (300 of 300 Toyota)', () => {
    expect(closeQuantityValid(toyota, 300n, 300n)).toBe(true);
  });

  it('whole lots leaving at least the minimum are valid: 100 of 300 Toyota yes, 150 or 250 no', () => {
    expect(closeQuantityValid(toyota, 300n, 100n)).toBe(true);
    expect(closeQuantityValid(toyota, 300n, 150n)).toBe(false);
    expect(closeQuantityValid(toyota, 300n, 250n)).toBe(false);
  });

  it('zero, a negative or more than held is invalid (0, -100, 400 of 300 Toyota)', () => {
    expect(closeQuantityValid(toyota, 300n, 0n)).toBe(false);
    expect(closeQuantityValid(toyota, 300n, -100n)).toBe(false);
    expect(closeQuantityValid(toyota, 300n, 400n)).toBe(false);
  });

  it('single US shares close one at a time: 1 of 2 Apple yes', () => {
    expect(closeQuantityValid(apple, 2n, 1n)).toBe(true);
  });
});

describe('T+1 (China A-shares)', () => {
  // 2026-11-20 is a Friday; 09:45 Shanghai is 01:45 UTC.
  const boughtFriday = utc('2026-11-20T01:45:00Z');

  it('a Moutai long bought Friday 09:45 Shanghai cannot close Friday 14:00 Shanghai', () => {
    expect(tPlusOneBlocksClose(moutai, 'long', boughtFriday, utc('2026-11-20T06:00:00Z'))).toBe(
      true,
    );
  });

  it('the same long closes the next Shanghai date (Monday 09:35)', () => {
    expect(tPlusOneBlocksClose(moutai, 'long', boughtFriday, utc('2026-11-23T01:35:00Z'))).toBe(
      false,
    );
  });

  it('the date is Shanghai time: bought 23:30 UTC Thursday is Friday 07:30 there, same date as Friday 14:00', () => {
    expect(
      tPlusOneBlocksClose(moutai, 'long', utc('2026-11-19T23:30:00Z'), utc('2026-11-20T06:00:00Z')),
    ).toBe(true);
  });

  it('a Moutai short, and a Toyota long, close the same date (no T+1 for them)', () => {
    const sameDay = utc('2026-11-20T06:00:00Z');
    expect(tPlusOneBlocksClose(moutai, 'short', boughtFriday, sameDay)).toBe(false);
    expect(tPlusOneBlocksClose(toyota, 'long', boughtFriday, sameDay)).toBe(false);
  });
});

describe('margin + fees', () => {
  it('¥52,300 margin and ¥1,050 fees (¥50 of it stamp duty) cost ¥53,350 in cash', () => {
    const fees: FeeBreakdown = {
      commission: 1_000n,
      stampDuty: 50n,
      transferFee: 0n,
      regulatoryFee: 0n,
      total: 1_050n,
    };
    expect(marginPlusFees(52_300n, fees)).toBe(53_350n);
  });
});
