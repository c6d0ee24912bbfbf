import { transfer, userAccount, type Posting } from '../../ledger/public.pure.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/** A winner's payment (`ipo_payment`): the amount due from cash to `hold:ipo` until listing. */
export function ipoPaymentPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', currency),
    to: userAccount(userId, 'hold:ipo', currency),
    amountMinor,
  });
}
