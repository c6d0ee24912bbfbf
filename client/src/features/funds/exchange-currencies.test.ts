import { describe, expect, it } from 'vitest';
import { openingPair } from './exchange-currencies.ts';

describe('openingPair', () => {
  it('opens on yen into the currency asked for, and on dollars into yen', () => {
    expect(openingPair('USD')).toEqual({ from: 'JPY', to: 'USD' });
    expect(openingPair('CNY')).toEqual({ from: 'JPY', to: 'CNY' });
    expect(openingPair('JPY')).toEqual({ from: 'USD', to: 'JPY' });
  });

  it('opens on JPY → USD without a currency or with one it does not exchange', () => {
    for (const wanted of [null, '', 'usd', 'EUR', 'JPY;']) {
      expect(openingPair(wanted), String(wanted)).toEqual({ from: 'JPY', to: 'USD' });
    }
  });
});
