import { defineModule, types } from '../define-module.ts';
import type { ProductTables } from './db/products.table.ts';
import { PRODUCT_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import { PRODUCT_STATEMENT_TEXTS } from './statement-texts.ts';

/**
 * Copy-trading ("AI smart trading") products: rules-based strategies with books of their own and
 * a NAV struck daily from the book (decision 87). Its refusals (`product_unavailable`,
 * `follow_deadline_passed`, `product_min_amount`, `lockup_active`, `order_not_holding`) and
 * successes (`follow_ok`, `redeem_ok`) are the kernel's keys (CONTRACT.md section 5).
 */
export const productsModule = defineModule({
  name: 'products',
  layer: 'product',
  inboxKinds: ['product_struck', 'product_paid'],
  journalKinds: PRODUCT_JOURNAL_KINDS,
  /** The products' books: their cash and what they owe for redemptions, per currency. */
  platformAccounts: ['platform:products'],
  statementGroups: { products: { rank: 57, kinds: PRODUCT_JOURNAL_KINDS } },
  statementTexts: PRODUCT_STATEMENT_TEXTS,
  /**
   * An order holds its money (`hold:product`) while `pending`; the next NAV issues its units
   * (`following`); after the lock-up it is `redeeming` until the next NAV values it, `redeemed`
   * (owed) until it is paid the next business day, then `ended`.
   */
  holdLifecycles: {
    product_order: {
      pending: ['following'],
      following: ['redeeming'],
      redeeming: ['redeemed'],
      redeemed: ['ended'],
    },
  },
  types: types<{
    fundUpdates: {
      reason: 'product_followed' | 'product_redeemed';
      [field: string]: unknown;
    };
    messages: { kind: 'product_struck' | 'product_paid'; order_id: string };
    tables: ProductTables;
  }>(),
});
