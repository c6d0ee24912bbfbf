import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/**
 * A copy-trading product: a strategy on one market's instruments with a book of its own.
 * `status`: draft (created, editable) → open (follows until `deadline_at`) → closed. The back
 * office never sets a NAV or a balance: the NAV is struck by the worker from the book.
 */
export interface ProductTable {
  id: Id;
  name: string;
  issuer: string;
  /** momentum | pair | low_vol (`StrategyKind`). */
  strategy: string;
  /** The instruments the strategy may hold, comma-separated symbols of `market`. */
  universe: string;
  market: string;
  currency: string;
  /** Minimum follow amount, minor units. */
  min_amount: Int;
  /** Follows are accepted up to this instant (UTC ms). */
  deadline_at: Int;
  lockup_days: Int;
  /** Management fee, basis points a year (shown; charged by nothing yet). */
  fee_bps: Int;
  /** draft | open | closed */
  status: string;
  /** The first NAV date (the market's local date the history starts on). */
  first_date: string;
  /** The book: cash (minor units), unit steps outstanding, the last NAV struck (`nav.ts`). */
  book_cash: Int;
  book_units: Int;
  nav: Int;
  nav_date: string | null;
  created_at: Int;
  updated_at: Int;
}

/** One NAV per product and market date: the history the sheet charts. */
export interface ProductNavTable {
  product_id: Int;
  nav_date: string;
  nav: Int;
  /** The book's value at that close (minor units) and the units then outstanding. */
  book_value: Int;
  units: Int;
}

/** The book's holdings: the product's own table (never trading's `position`). */
export interface ProductHoldingTable {
  product_id: Int;
  symbol: string;
  shares: Int;
}

/**
 * A user's order in a product. Status follows `HOLD_LIFECYCLES.product_order`: pending (money in
 * `hold:product`) → following (units issued at the strike) → redeeming (asked; valued at the next
 * NAV) → redeemed (owed, paid the next business day) → ended.
 */
export interface ProductOrderTable {
  id: Id;
  user_id: Int;
  product_id: Int;
  currency: string;
  /** The money followed, minor units. */
  amount: Int;
  /** Unit steps, 0 until struck. */
  units: Int;
  status: LifecycleStatus<HoldStatus<'product_order'>>;
  request_id: string;
  created_at: Int;
  struck_date: string | null;
  strike_nav: Int | null;
  lockup_end: string | null;
  redeem_request_id: string | null;
  redeem_nav: Int | null;
  redeem_amount: Int | null;
  /** The date the redemption is paid on (the next business day after it is valued). */
  pay_date: string | null;
}

export interface ProductTables {
  product: ProductTable;
  product_nav: ProductNavTable;
  product_holding: ProductHoldingTable;
  product_order: ProductOrderTable;
}

export type ProductRow = Selectable<ProductTable>;
export type ProductOrderRow = Selectable<ProductOrderTable>;
