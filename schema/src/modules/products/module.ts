import { defineModule, types } from '../define-module.ts';
import type { ProductTables } from './db/products.table.ts';

/**
 * Copy-trading ("AI smart trading") products: rules-based strategies with books of their own and
 * a NAV struck daily from the book (decision 87). Its refusals (`product_unavailable`,
 * `follow_deadline_passed`, `product_min_amount`, `lockup_active`, `order_not_holding`) and
 * successes (`follow_ok`, `redeem_ok`) are the kernel's keys (CONTRACT.md section 5).
 */
export const productsModule = defineModule({
  name: 'products',
  layer: 'product',
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
  types: types<{ tables: ProductTables }>(),
});
