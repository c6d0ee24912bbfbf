import { describe, expect, it } from 'vitest';
import { assertBalanced, transfer, UnbalancedJournalError } from './journal.ts';
import { platformAccount, userAccount } from './accounts.ts';

const cash = userAccount(1, 'cash', 'JPY');
const bank = platformAccount('platform:bank', 'JPY');

describe('assertBalanced', () => {
  it('when postings sum to zero per currency, accepts them', () => {
    expect(() =>
      assertBalanced(transfer({ from: bank, to: cash, amountMinor: 500n })),
    ).not.toThrow();
  });

  it('when one currency does not sum to zero, refuses', () => {
    const usdCash = userAccount(1, 'cash', 'USD');
    expect(() =>
      assertBalanced([
        { account: bank, amountMinor: -5n },
        { account: usdCash, amountMinor: 5n },
      ]),
    ).toThrow(UnbalancedJournalError);
  });

  it('when a leg is zero or alone, refuses', () => {
    expect(() => assertBalanced([{ account: cash, amountMinor: 0n }])).toThrow();
    expect(() =>
      assertBalanced([
        { account: cash, amountMinor: 0n },
        { account: bank, amountMinor: 0n },
      ]),
    ).toThrow();
  });

  it('when a transfer crosses currencies or is not positive, refuses', () => {
    expect(() =>
      transfer({ from: bank, to: userAccount(1, 'cash', 'USD'), amountMinor: 1n }),
    ).toThrow(UnbalancedJournalError);
    expect(() => transfer({ from: bank, to: cash, amountMinor: 0n })).toThrow();
  });
});
