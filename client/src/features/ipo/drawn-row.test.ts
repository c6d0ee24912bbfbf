import { describe, expect, it } from 'vitest';
import type { CallAnswer } from '@kabuto/schema/contracts';
import { applyDrawn } from './drawn-row.ts';

const applied: CallAnswer<'trade/usernewstocklist'>[number] = {
  id: '9',
  ipo_id: '3',
  symbol: 'K123456',
  name: 'カブト試験工業',
  market: 'JP',
  currency: 'JPY',
  price: '1500',
  lot: 100,
  lots: 2,
  ticket: 'ab'.repeat(32),
  status: 1,
  state: 'applied',
  lots_won: null,
  rjmoney: '-',
  pay_deadline: 1000,
  draw_at: 500,
  listing_date: 2000,
  position_id: null,
  created_at: 100,
};

describe('a records row when allotment:drawn arrives', () => {
  it('a winner awaits payment with the amount due; a loser is closed with nothing due', () => {
    const event = { ipo_id: '3', subscription_id: '9', currency: 'JPY', pay_deadline: 1200 };
    expect(applyDrawn(applied, { ...event, lots_won: 2, amount_due: '300000' })).toMatchObject({
      state: 'won',
      status: 1,
      lots_won: 2,
      rjmoney: '300000',
      pay_deadline: 1200,
    });
    expect(applyDrawn(applied, { ...event, lots_won: 0, amount_due: '0' })).toMatchObject({
      state: 'lost',
      status: 0,
      lots_won: 0,
      rjmoney: '-',
    });
  });
});
