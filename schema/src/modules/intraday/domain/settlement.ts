import { platformAccount, userAccount, type Posting } from '../../ledger/public.pure.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/** Applying: the amount moves from cash to the intraday hold. */
export function intradayHoldPostings(
  userId: number,
  currency: Currency,
  amount: bigint,
): Posting[] {
  return [
    { account: userAccount(userId, 'cash', currency), amountMinor: -amount },
    { account: userAccount(userId, 'hold:intraday', currency), amountMinor: amount },
  ];
}

/**
 * The forced-close fee the settlement charges, capped at what the hold still has (the hold never
 * goes below zero; what it cannot pay is not charged). Returns the amount charged.
 */
export function forcedCloseFee(feePerPosition: bigint, positions: number, held: bigint): bigint {
  const due = feePerPosition * BigInt(positions);
  if (due <= 0n || held <= 0n) return 0n;
  return due < held ? due : held;
}

export function forcedCloseFeePostings(userId: number, currency: Currency, fee: bigint): Posting[] {
  return [
    { account: userAccount(userId, 'hold:intraday', currency), amountMinor: -fee },
    { account: platformAccount('platform:fees', currency), amountMinor: fee },
  ];
}

/** The release: whatever the hold has left goes back to cash. */
export function intradayReleasePostings(
  userId: number,
  currency: Currency,
  remaining: bigint,
): Posting[] {
  return [
    { account: userAccount(userId, 'hold:intraday', currency), amountMinor: -remaining },
    { account: userAccount(userId, 'cash', currency), amountMinor: remaining },
  ];
}

/** The application's P&L once settled: what came back against what was held. */
export function applicationPnl(amount: bigint, released: bigint): bigint {
  return released - amount;
}
