import { transfer, userAccount, type Posting } from '../../ledger/public.pure.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/** A purchase's hold (`block_hold`): its cost from cash to `hold:block` until settlement. */
export function blockHoldPostings(userId: number, currency: Currency, amount: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', currency),
    to: userAccount(userId, 'hold:block', currency),
    amountMinor: amount,
  });
}

/** The settlement (`block_settled`): the held cost becomes the holding's margin (leverage 1). */
export function blockSettlePostings(userId: number, currency: Currency, amount: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'hold:block', currency),
    to: userAccount(userId, 'margin', currency),
    amountMinor: amount,
  });
}

/** Lots not won, or a purchase that cannot settle (`block_release`): the held cost back to cash. */
export function blockReleasePostings(
  userId: number,
  currency: Currency,
  amount: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'hold:block', currency),
    to: userAccount(userId, 'cash', currency),
    amountMinor: amount,
  });
}
