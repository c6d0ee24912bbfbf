import { platformAccount, transfer, userAccount, type Posting } from '../../ledger/public.pure.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/**
 * The products' books in the ledger: one platform account per currency (`platform:products`)
 * holds every book's cash and what the books owe for redemptions until they are paid; the
 * `product` table splits it per book (reconcile checks the sum).
 */
const books = (currency: Currency) => platformAccount('platform:products', currency);

/** A follow (`product_follow`): its money from cash to `hold:product` until the next NAV. */
export function followHoldPostings(userId: number, currency: Currency, amount: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', currency),
    to: userAccount(userId, 'hold:product', currency),
    amountMinor: amount,
  });
}

/** The strike (`product_struck`): the held money enters the product's book for its units. */
export function struckPostings(userId: number, currency: Currency, amount: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'hold:product', currency),
    to: books(currency),
    amountMinor: amount,
  });
}

/**
 * A book's trades at the close (`product_book_trade`): `cashOut` minor units leave the book for
 * the market (the house's trading side, as every paper trade), or come back when negative.
 */
export function bookTradePostings(currency: Currency, cashOut: bigint): Posting[] {
  const market = platformAccount('platform:trading', currency);
  return cashOut >= 0n
    ? transfer({ from: books(currency), to: market, amountMinor: cashOut })
    : transfer({ from: market, to: books(currency), amountMinor: -cashOut });
}

/** A redemption paid (`product_redeem_paid`): what the book owed, into the holder's cash. */
export function redeemPaidPostings(userId: number, currency: Currency, amount: bigint): Posting[] {
  return transfer({
    from: books(currency),
    to: userAccount(userId, 'cash', currency),
    amountMinor: amount,
  });
}
