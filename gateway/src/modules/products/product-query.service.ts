import { Refusal } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { marketToday } from '@kabuto/schema/modules/products/domain/index.ts';
import {
  findProduct,
  listProducts,
  navHistoryOf,
  navSeriesByProduct,
  type Product,
} from '@kabuto/schema/modules/products/db/products.repository.ts';
import { ordersOfUser } from '@kabuto/schema/modules/products/db/orders.repository.ts';
import { cashBalance } from '@kabuto/schema/modules/ledger';
import { moneyIn, navIn, orderToWire, productToWire } from './product-wire.ts';

/** `product/list`: every product a user may see, with its averages from its NAV history. */
export async function productList(db: Db, nowMs: number) {
  const [products, series] = await Promise.all([listProducts(db), navSeriesByProduct(db)]);
  return products.map((p) => productToWire(p, series.get(p.id) ?? [], nowMs));
}

/** `product/detail`: one product, its NAV history from its first day, the caller's cash for it. */
export async function productDetail(db: Db, userId: number, id: number, nowMs: number) {
  const product = await findProduct(db, id);
  if (!product || product.status === 'draft') throw new Refusal('not_found');
  const history = await navHistoryOf(db, id);
  return {
    ...productToWire(
      product,
      history.map((h) => h.nav),
      nowMs,
    ),
    nav_history: history.map((h) => ({ date: h.date, nav: navIn(product, h.nav) })),
    my_cash: moneyIn(product, await cashBalance(db, userId, product.currency)),
  };
}

/** The spec's `type`: 0 pending, 1 following (locked up or not, redeeming), 2 ended. */
const SPEC_STATUSES = {
  '0': ['pending'],
  '1': ['following', 'redeeming', 'redeemed'],
  '2': ['ended'],
};

/** `trade/userproductlist`: the caller's orders, newest first, valued at each product's last NAV. */
export async function userProductList(
  db: Db,
  userId: number,
  type: '0' | '1' | '2' | 'all',
  nowMs: number,
) {
  const orders = await ordersOfUser(db, userId);
  const wanted = type === 'all' ? null : (SPEC_STATUSES[type] as readonly string[]);
  const products = new Map<number, { product: Product; previousNav: bigint | null }>();
  const answer = [];
  for (const order of orders) {
    if (wanted && !wanted.includes(order.status)) continue;
    let entry = products.get(order.productId);
    if (!entry) {
      const product = (await findProduct(db, order.productId)) as Product;
      const history = await navHistoryOf(db, order.productId);
      const previous = history[history.length - 2];
      entry = { product, previousNav: previous?.nav ?? null };
      products.set(order.productId, entry);
    }
    const today = marketToday(entry.product.market, nowMs);
    answer.push(orderToWire(order, entry.product, entry.previousNav, today));
  }
  return answer;
}
