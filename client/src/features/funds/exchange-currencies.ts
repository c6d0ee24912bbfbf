/** The currencies of spec section 9 (and SAR for the US–Saudi transfers). */
export const EXCHANGE_CURRENCIES = [
  'JPY',
  'USD',
  'CNY',
  'HKD',
  'TWD',
  'THB',
  'VND',
  'MYR',
  'KRW',
  'SAR',
] as const;

/**
 * The pair the exchange screen opens with: JPY → USD, or into the currency a link asks for
 * (`?to=USD` from a new-share payment short of dollars) — from yen, or from dollars when yen is
 * the one wanted. A currency the screen does not exchange is ignored.
 */
export function openingPair(wanted: string | null): { from: string; to: string } {
  if (!wanted || !(EXCHANGE_CURRENCIES as readonly string[]).includes(wanted)) {
    return { from: 'JPY', to: 'USD' };
  }
  return { from: wanted === 'JPY' ? 'USD' : 'JPY', to: wanted };
}
