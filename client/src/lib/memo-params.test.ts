import { describe, expect, it } from 'vitest';
import { formatMemoParams } from './memo-params.ts';

describe('statement memo parameters', () => {
  it('a close at 2912.5 yen reads "2,912.5 JPY"; a $231.25 close "231.25 USD"', () => {
    const close = { template: 'position_close', side: 'long', qty: '100', symbol: '7203' };
    expect(formatMemoParams({ ...close, price: '2912.5' }, 'JPY')).toEqual({
      ...close,
      price: '2,912.5 JPY',
    });
    expect(formatMemoParams({ price: '231.25' }, 'USD')).toEqual({ price: '231.25 USD' });
  });

  it('amounts are digit-grouped without a currency (the template names it): 1000000 → 1,000,000', () => {
    expect(formatMemoParams({ amount: '1000000', receive: '6666.67' }, 'JPY')).toEqual({
      amount: '1,000,000',
      receive: '6,666.67',
    });
  });
});
