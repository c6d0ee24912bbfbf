import { describe, expect, it } from 'vitest';
import { assertBalanced } from '../ledger/journal.ts';
import { closeToCash, openFromCash, openFromHold } from './postings.ts';

const fees = (commission: bigint, stampDuty = 0n) => ({
  commission,
  stampDuty,
  transferFee: 0n,
  regulatoryFee: 0n,
  total: commission + stampDuty,
});
const byKey = (postings: ReturnType<typeof openFromCash>) =>
  Object.fromEntries(
    postings.map((p) => [
      p.account.owner === 'user' ? p.account.kind : p.account.kind,
      p.amountMinor,
    ]),
  );

describe('trading journals', () => {
  it('opening from cash moves margin and fees and balances', () => {
    const postings = openFromCash(1, 'CNY', 725_000n, fees(500n));
    assertBalanced(postings);
    expect(byKey(postings)).toEqual({ cash: -725_500n, margin: 725_000n, 'platform:fees': 500n });
  });

  it('a limit fill turns the hold into margin and fees with nothing left over', () => {
    const postings = openFromHold(1, 'JPY', 95_017n, 95_017n, fees(0n));
    assertBalanced(postings);
    expect(byKey(postings)).toEqual({ 'hold:order': -95_017n, margin: 95_017n });
  });

  it('closing with a profit pays it from the house; with duty on the sell', () => {
    const { postings, waived } = closeToCash(1, 'CNY', {
      margin: 725_000n,
      pnl: 95_000n,
      fees: fees(500n, 7_200n),
      cashAvailable: 0n,
    });
    assertBalanced(postings);
    expect(waived).toBe(0n);
    expect(byKey(postings)).toEqual({
      margin: -725_000n,
      cash: 812_300n,
      'platform:trading': -95_000n,
      'platform:fees': 500n,
      'platform:stamp_duty': 7_200n,
    });
  });

  it('a loss beyond margin and cash is waived, never taking cash below zero', () => {
    const { postings, waived } = closeToCash(1, 'USD', {
      margin: 10_000n,
      pnl: -15_000n,
      fees: fees(100n),
      cashAvailable: 2_000n,
    });
    assertBalanced(postings);
    expect(byKey(postings)).toMatchObject({ margin: -10_000n, cash: -2_000n });
    expect(waived).toBe(3_100n);
  });
});
