import { defineWiring } from '../define-wiring.ts';
import { productBooks, productHolds } from './db/reconcile.ts';
import * as products from './db/migrations/2026_11_27_030000_products.ts';

/** No calls yet: the tables, their lifecycle and reconcile come first (decision 87). */
export const productsWiring = defineWiring({
  name: 'products',
  migrations: { '2026_11_27_030000_products': products },
  reconcile: [productHolds, productBooks],
});
