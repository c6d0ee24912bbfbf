import { describe, expect, it } from 'vitest';
import { cashShortfall } from './cash-shortfall.ts';

describe('cashShortfall', () => {
  it('reads the currency, the amount due and the cash of a payment refused for want of cash', () => {
    expect(
      cashShortfall('balance_insufficient', {
        currency: 'USD',
        amount_due: '180.00',
        cash: '0.00',
      }),
    ).toEqual({ currency: 'USD', amountDue: '180.00', cash: '0.00' });
  });

  it('is null for other refusals, missing details and details it cannot read', () => {
    const good = { currency: 'JPY', amount_due: '150000', cash: '149999' };
    expect(cashShortfall('pay_deadline_passed', good)).toBeNull();
    for (const details of [
      null,
      undefined,
      'USD',
      {},
      { ...good, currency: 'usd' },
      { ...good, amount_due: 150000 },
      { ...good, cash: '-1' },
      { currency: 'JPY', amount_due: '150000' },
    ]) {
      expect(cashShortfall('balance_insufficient', details), JSON.stringify(details)).toBeNull();
    }
  });
});
