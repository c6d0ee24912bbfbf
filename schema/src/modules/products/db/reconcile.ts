import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';

/**
 * Each user's `hold:product` in a currency is exactly the money of their pending product orders
 * in it: a follow that held money without its order (or the other way round), or a strike that
 * moved the order without releasing the hold, shows here.
 */
export async function productHolds(db: Db): Promise<Breach[]> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'hold:product')
    .execute();
  const orders = await db
    .selectFrom('product_order')
    .select(['user_id', 'currency', sql<bigint>`sum(amount)`.as('total')])
    .where('status', '=', 'pending')
    .groupBy(['user_id', 'currency'])
    .execute();
  const held = new Map(accounts.map((a) => [`${a.owner_key} ${a.currency}`, BigInt(a.balance)]));
  const pending = new Map(orders.map((o) => [`u:${o.user_id} ${o.currency}`, BigInt(o.total)]));
  return [...new Set([...held.keys(), ...pending.keys()])]
    .filter((key) => (held.get(key) ?? 0n) !== (pending.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I5 product hold equals the pending product orders’ money',
      detail: `${key} hold:product ${held.get(key) ?? 0n} but pending orders ${pending.get(key) ?? 0n}`,
    }));
}

/**
 * Each product's book: the units outstanding are exactly the units of its orders that hold them
 * (following, or redeeming until the next NAV values them). (Its cash is never negative: the
 * table's check refuses it.)
 */
export async function productBooks(db: Db): Promise<Breach[]> {
  const products = await db.selectFrom('product').select(['id', 'book_units']).execute();
  const orders = await db
    .selectFrom('product_order')
    .select(['product_id', sql<bigint>`sum(units)`.as('total')])
    .where('status', 'in', ['following', 'redeeming'])
    .groupBy('product_id')
    .execute();
  const issued = new Map(orders.map((o) => [String(o.product_id), BigInt(o.total)]));
  const breaches: Breach[] = [];
  for (const product of products) {
    const units = issued.get(String(product.id)) ?? 0n;
    issued.delete(String(product.id));
    if (BigInt(product.book_units) !== units) {
      breaches.push({
        invariant: 'I5 product book units equal its holders’ units',
        detail: `product ${product.id} book ${product.book_units} units but orders hold ${units}`,
      });
    }
  }
  return breaches;
}

/**
 * The books in the ledger: each currency's `platform:products` balance is exactly the books' cash
 * in it plus what they owe for redemptions valued and not yet paid. A strike, a rebalance or a
 * payment that wrote the book without its journal (or the other way round) shows here.
 */
export async function productLedger(db: Db): Promise<Breach[]> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['currency', 'balance'])
    .where('kind', '=', 'platform:products')
    .execute();
  const books = await db
    .selectFrom('product')
    .select(['currency', sql<bigint>`sum(book_cash)`.as('total')])
    .groupBy('currency')
    .execute();
  const owed = await db
    .selectFrom('product_order')
    .select(['currency', sql<bigint>`sum(redeem_amount)`.as('total')])
    .where('status', '=', 'redeemed')
    .groupBy('currency')
    .execute();
  const expected = new Map<string, bigint>();
  for (const row of [...books, ...owed]) {
    expected.set(row.currency, (expected.get(row.currency) ?? 0n) + BigInt(row.total ?? 0));
  }
  const ledger = new Map(accounts.map((a) => [a.currency, BigInt(a.balance)]));
  return [...new Set([...expected.keys(), ...ledger.keys()])]
    .filter((c) => (ledger.get(c) ?? 0n) !== (expected.get(c) ?? 0n))
    .map((c) => ({
      invariant: 'I5 the products’ ledger account equals their books’ cash and what they owe',
      detail: `${c} platform:products ${ledger.get(c) ?? 0n} but books ${expected.get(c) ?? 0n}`,
    }));
}
