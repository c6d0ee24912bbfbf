import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/journal.ts';
import type { Currency } from '../money/currency.ts';
import type { FeeBreakdown } from './fees.ts';
import { marginPlusFees } from './position-close.ts';

/** Drops zero legs: a journal never carries a zero posting. */
function legs(postings: Posting[]): Posting[] {
  return postings.filter((p) => p.amountMinor !== 0n);
}

function feeLegs(currency: Currency, fees: FeeBreakdown): Posting[] {
  return [
    {
      account: platformAccount('platform:fees', currency),
      amountMinor: fees.commission + fees.transferFee + fees.regulatoryFee,
    },
    { account: platformAccount('platform:stamp_duty', currency), amountMinor: fees.stampDuty },
  ];
}

/**
 * Opening a position from cash (or, for an intraday position, from the application's hold): the
 * margin moves to the margin account, the fees to the platform.
 */
export function openFromCash(
  userId: number,
  currency: Currency,
  margin: bigint,
  fees: FeeBreakdown,
  from: 'cash' | 'hold:intraday' = 'cash',
): Posting[] {
  return legs([
    { account: userAccount(userId, from, currency), amountMinor: -marginPlusFees(margin, fees) },
    { account: userAccount(userId, 'margin', currency), amountMinor: margin },
    ...feeLegs(currency, fees),
  ]);
}

/** A resting limit order holds its margin and fees. */
export function holdForOrder(userId: number, currency: Currency, amount: bigint): Posting[] {
  return legs([
    { account: userAccount(userId, 'cash', currency), amountMinor: -amount },
    { account: userAccount(userId, 'hold:order', currency), amountMinor: amount },
  ]);
}

/** Cancelling releases the hold back to cash. */
export function releaseOrderHold(userId: number, currency: Currency, amount: bigint): Posting[] {
  return legs([
    { account: userAccount(userId, 'hold:order', currency), amountMinor: -amount },
    { account: userAccount(userId, 'cash', currency), amountMinor: amount },
  ]);
}

/** A resting limit order fills: the hold becomes margin and fees, and what they leave of it goes back to cash. */
export function openFromHold(
  userId: number,
  currency: Currency,
  hold: bigint,
  margin: bigint,
  fees: FeeBreakdown,
): Posting[] {
  return legs([
    { account: userAccount(userId, 'hold:order', currency), amountMinor: -hold },
    { account: userAccount(userId, 'margin', currency), amountMinor: margin },
    { account: userAccount(userId, 'cash', currency), amountMinor: hold - margin - fees.total },
    ...feeLegs(currency, fees),
  ]);
}

/**
 * Closing: the margin comes back, the house pays the profit or takes the loss, the fees go out.
 * When a loss is larger than the margin plus the user's cash, the rest is waived by the house
 * (negative-balance protection): the user's cash never goes below zero. Returns the postings and
 * the amount waived.
 */
export function closeToCash(
  userId: number,
  currency: Currency,
  options: {
    margin: bigint;
    pnl: bigint;
    fees: FeeBreakdown;
    cashAvailable: bigint;
    /** Where the proceeds go: cash, or an intraday position's application hold. */
    into?: 'cash' | 'hold:intraday';
  },
): { postings: Posting[]; waived: bigint } {
  const due = options.margin + options.pnl - options.fees.total;
  const cashDelta = due < -options.cashAvailable ? -options.cashAvailable : due;
  const waived = cashDelta - due;
  return {
    waived,
    postings: legs([
      { account: userAccount(userId, 'margin', currency), amountMinor: -options.margin },
      { account: userAccount(userId, options.into ?? 'cash', currency), amountMinor: cashDelta },
      {
        account: platformAccount('platform:trading', currency),
        amountMinor: -options.pnl - waived,
      },
      ...feeLegs(currency, options.fees),
    ]),
  };
}
