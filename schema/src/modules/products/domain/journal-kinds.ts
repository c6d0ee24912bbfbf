/**
 * The journal kinds products post: a follow's money held (`product_follow`), the held money into
 * the product's book at the strike (`product_struck`), the book's trades with the market
 * (`product_book_trade`, no user's account), a redemption paid out of the book
 * (`product_redeem_paid`).
 */
export const PRODUCT_JOURNAL_KINDS = [
  'product_follow',
  'product_struck',
  'product_book_trade',
  'product_redeem_paid',
] as const;
