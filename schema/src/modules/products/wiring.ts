import { defineWiring } from '../define-wiring.ts';
import * as products from './db/migrations/2026_11_27_030000_products.ts';

/** No calls yet: the tables and their lifecycle come first (decision 87). */
export const productsWiring = defineWiring({
  name: 'products',
  migrations: { '2026_11_27_030000_products': products },
});
