import { describe, expect, it } from 'vitest';
import { platformAccount, userAccount } from '../../../domain/ledger/accounts.ts';
import { reversalPostings, whyNotReversible } from './reversal.ts';

// What a console correction may undo (issue 21): a user's cash against the house's plain
// accounts, never a hold, a feature's books or another correction; the undo is exact.
const leg = (account: ReturnType<typeof userAccount>, amountMinor: bigint) => ({
  account,
  amountMinor,
});

describe('corrections', () => {
  it('undo every leg exactly', () => {
    const deposit = [
      leg(platformAccount('platform:bank', 'JPY'), -300_000n),
      leg(userAccount(7, 'cash', 'JPY'), 300_000n),
    ];
    expect(reversalPostings(deposit).map((p) => p.amountMinor)).toEqual([300_000n, -300_000n]);
  });

  it.each([
    ['deposit', 'platform:bank', 'cash', null],
    ['exchange', 'platform:fx', 'cash', null],
    ['paper_grant', 'platform:paper_grant', 'cash', null],
    ['position_close', 'platform:trading', 'cash', 'feature_books'],
    ['loan_interest', 'platform:interest', 'cash', 'feature_books'],
    ['product_redeem_paid', 'platform:products', 'cash', 'feature_books'],
    ['order_hold', 'platform:bank', 'hold:order', 'not_cash_only'],
    ['reversal', 'platform:bank', 'cash', 'reversal_of_reversal'],
  ] as const)('%s (%s → %s): %s', (kind, house, userKind, why) => {
    const postings = [
      leg(platformAccount(house as 'platform:bank', 'JPY'), -1n),
      leg(userAccount(7, userKind, 'JPY'), 1n),
    ];
    expect(whyNotReversible({ kind, postings })).toBe(why);
  });
});
