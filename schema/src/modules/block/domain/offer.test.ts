import { describe, expect, it } from 'vitest';
import { findInstrument } from '../../../domain/market/instruments.ts';
import { parseScaledPrice } from '../../../domain/market/prices.ts';
import {
  checkOfferPrice,
  checkPurchase,
  discountPercent,
  offerPhase,
  purchaseCost,
} from './offer.ts';

const offer = {
  ...{ opensAt: 1_000, closesAt: 2_000, closedAt: null },
  ...{ minLots: 2, maxLots: 5, lotsLeft: 4, rule: 'first_come' as const },
};

describe('offerPhase', () => {
  it('is upcoming before the open, open from it (inclusive) to the close (exclusive), then closed', () => {
    expect([999, 1_000, 1_999, 2_000].map((t) => offerPhase(offer, t))).toEqual([
      'upcoming',
      'open',
      'open',
      'closed',
    ]);
  });
  it('is closed from an early close by the back office', () => {
    expect(offerPhase({ ...offer, closedAt: 1_500 }, 1_499)).toBe('open');
    expect(offerPhase({ ...offer, closedAt: 1_500 }, 1_500)).toBe('closed');
  });
});

describe('checkPurchase', () => {
  const buy = (lots: number, alreadyBought = 0, now = 1_500, o = offer) =>
    checkPurchase(o, { lots, alreadyBought }, now);
  it('refuses outside the window with block_trade_closed', () => {
    expect([buy(2, 0, 999), buy(2, 0, 2_000)]).toEqual([
      'block_trade_closed',
      'block_trade_closed',
    ]);
    expect(buy(2, 0, 1_000)).toBeNull();
  });
  it('refuses fewer than the minimum with min_lots', () => {
    expect(buy(1)).toBe('min_lots');
    expect(buy(2)).toBeNull();
  });
  it('refuses past the per-buyer maximum (counting earlier purchases) or the lots left with quota_insufficient', () => {
    const plenty = { ...offer, lotsLeft: 100 };
    expect(buy(5, 0, 1_500, plenty)).toBeNull();
    expect(buy(6, 0, 1_500, plenty)).toBe('quota_insufficient');
    expect(buy(2, 4, 1_500, plenty)).toBe('quota_insufficient');
    expect(buy(2, 3, 1_500, plenty)).toBeNull();
    expect(buy(5)).toBe('quota_insufficient');
    expect(buy(4)).toBeNull();
  });
});

describe('checkPurchase on a lottery offer', () => {
  const lottery = { ...offer, rule: 'lottery' as const };
  const apply = (lots: number, alreadyBought = 0, now = 1_500) =>
    checkPurchase(lottery, { lots, alreadyBought }, now);
  it('takes an application for more lots than are left: the draw decides', () => {
    expect(apply(5)).toBeNull();
  });
  it('takes one application per buyer, within min and max, in the window', () => {
    expect(apply(2, 2)).toBe('already_applied');
    expect(apply(1)).toBe('min_lots');
    expect(apply(6)).toBe('quota_insufficient');
    expect(apply(2, 0, 2_000)).toBe('block_trade_closed');
  });
});

describe('checkOfferPrice (MARKET-RULES §8)', () => {
  const toyota = findInstrument('7203')!;
  const yen = (text: string) => parseScaledPrice(text, 'JP');
  it('takes a price below the previous close, inside the lower band and on tick', () => {
    expect(checkOfferPrice(toyota, yen('2800'), yen('2850'))).toBeNull();
  });
  it('refuses the close itself or above', () => {
    expect(checkOfferPrice(toyota, yen('2850'), yen('2850'))).toBe('not_below_prev_close');
    expect(checkOfferPrice(toyota, yen('2900'), yen('2850'))).toBe('not_below_prev_close');
  });
  it('refuses below the daily lower limit (¥2,850 base: ± ¥500)', () => {
    expect(checkOfferPrice(toyota, yen('2350'), yen('2850'))).toBeNull();
    expect(checkOfferPrice(toyota, yen('2349'), yen('2850'))).toBe('below_daily_limit');
  });
  it('refuses a price off the tick grid', () => {
    expect(checkOfferPrice(toyota, yen('2800.3'), yen('2850'))).toBe('off_tick');
  });
});

describe('purchaseCost and discountPercent', () => {
  it('costs lots × lot × price in minor units', () => {
    expect(purchaseCost('JP', parseScaledPrice('2800', 'JP'), 100, 3)).toBe(840_000n);
  });
  it('gives the discount to a reference in percent, two decimals, or null without one', () => {
    expect(discountPercent(2800n, 2850n)).toBe('1.75');
    expect(discountPercent(2900n, 2850n)).toBe('-1.75');
    expect(discountPercent(2800n, null)).toBeNull();
  });
});
