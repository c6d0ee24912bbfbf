import { transfer, userAccount, type Posting } from '../../ledger/public.pure.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/**
 * An added credit (`credit_add`): the amount moves from cash to the user's margin account, where
 * it is part of the position's margin (frozen funds) until the position closes; the close's
 * journal then returns it to cash with the rest of the margin.
 */
export function creditAddPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', currency),
    to: userAccount(userId, 'margin', currency),
    amountMinor,
  });
}
