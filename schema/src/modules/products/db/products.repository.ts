import type { Db } from '../../../db/create-db.ts';
import type { Currency } from '../../../domain/money/currency.ts';
import type { Market } from '../../../domain/market/rules.ts';
import type { StrategyKind } from '../domain/strategies.ts';
import type { ProductStatus } from '../domain/rules.ts';
import type { Strike } from '../domain/book.ts';
import type { ProductRow } from './products.table.ts';

/** A product's terms as the back office sets them (money in minor units). */
export interface ProductTerms {
  readonly name: string;
  readonly issuer: string;
  readonly strategy: StrategyKind;
  readonly universe: readonly string[];
  readonly market: Market;
  readonly currency: Currency;
  readonly minAmount: bigint;
  readonly deadlineMs: number;
  readonly lockupDays: number;
  readonly feeBps: number;
  readonly firstDate: string;
}

/** A product as the module reads it: its terms, its listing status and its book. */
export interface Product extends ProductTerms {
  readonly id: number;
  readonly status: ProductStatus;
  readonly bookCash: bigint;
  readonly bookUnits: bigint;
  readonly nav: bigint;
  readonly navDate: string | null;
  readonly createdAtMs: number;
}

export function productFromRow(row: ProductRow): Product {
  return {
    id: Number(row.id),
    name: row.name,
    issuer: row.issuer,
    strategy: row.strategy as StrategyKind,
    universe: row.universe.split(',').filter(Boolean),
    market: row.market as Market,
    currency: row.currency as Currency,
    minAmount: BigInt(row.min_amount),
    deadlineMs: Number(row.deadline_at),
    lockupDays: Number(row.lockup_days),
    feeBps: Number(row.fee_bps),
    status: row.status as ProductStatus,
    firstDate: row.first_date,
    bookCash: BigInt(row.book_cash),
    bookUnits: BigInt(row.book_units),
    nav: BigInt(row.nav),
    navDate: row.nav_date,
    createdAtMs: Number(row.created_at),
  };
}

/** Every product a user may see (not drafts), oldest first. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .selectFrom('product')
    .selectAll()
    .where('status', '<>', 'draft')
    .orderBy('id')
    .execute();
  return rows.map(productFromRow);
}

/** Every product the NAV job strikes (open or closed: holders stay after a close). */
export async function struckProducts(db: Db): Promise<Product[]> {
  return listProducts(db);
}

export async function findProduct(db: Db, id: number): Promise<Product | undefined> {
  const row = await db
    .selectFrom('product')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  return row ? productFromRow(row) : undefined;
}

/** A product's NAV per market date, oldest first. */
export async function navHistoryOf(
  db: Db,
  productId: number,
): Promise<{ date: string; nav: bigint }[]> {
  const rows = await db
    .selectFrom('product_nav')
    .select(['nav_date', 'nav'])
    .where('product_id', '=', BigInt(productId))
    .orderBy('nav_date')
    .execute();
  return rows.map((r) => ({ date: r.nav_date, nav: BigInt(r.nav) }));
}

/** The NAVs of every product, oldest first per product (the list's averages and drawdowns). */
export async function navSeriesByProduct(db: Db): Promise<Map<number, bigint[]>> {
  const rows = await db
    .selectFrom('product_nav')
    .select(['product_id', 'nav'])
    .orderBy('product_id')
    .orderBy('nav_date')
    .execute();
  const series = new Map<number, bigint[]>();
  for (const row of rows) {
    const id = Number(row.product_id);
    const navs = series.get(id) ?? [];
    navs.push(BigInt(row.nav));
    series.set(id, navs);
  }
  return series;
}

/** The book's holdings (shares per symbol). */
export async function holdingsOf(db: Db, productId: number): Promise<Record<string, bigint>> {
  const rows = await db
    .selectFrom('product_holding')
    .select(['symbol', 'shares'])
    .where('product_id', '=', BigInt(productId))
    .execute();
  return Object.fromEntries(rows.map((r) => [r.symbol, BigInt(r.shares)]));
}

/**
 * Writes what a strike returned, in the strike's transaction: the book (cash, units, NAV and its
 * date), the holdings, and the day's NAV row. Conditional on the book's last NAV date, so a second
 * strike of the same date writes nothing (false).
 */
export async function saveStrike(
  db: Db,
  product: Product,
  date: string,
  strike: Strike,
  nowMs: number,
): Promise<boolean> {
  const moved = await db
    .updateTable('product')
    .set({
      book_cash: strike.book.cash,
      book_units: strike.book.units,
      nav: strike.nav,
      nav_date: date,
      updated_at: nowMs,
    })
    .where('id', '=', BigInt(product.id))
    .where((eb) =>
      product.navDate === null ? eb('nav_date', 'is', null) : eb('nav_date', '=', product.navDate),
    )
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return false;
  await db.deleteFrom('product_holding').where('product_id', '=', BigInt(product.id)).execute();
  const holdings = Object.entries(strike.book.holdings).filter(([, shares]) => shares !== 0n);
  if (holdings.length > 0) {
    await db
      .insertInto('product_holding')
      .values(
        holdings.map(([symbol, shares]) => ({ product_id: BigInt(product.id), symbol, shares })),
      )
      .execute();
  }
  await db
    .insertInto('product_nav')
    .values({
      product_id: BigInt(product.id),
      nav_date: date,
      nav: strike.nav,
      book_value: strike.valueBefore,
      units: strike.book.units,
    })
    .execute();
  return true;
}

/**
 * Writes a product's NAV history from its first day (`navHistory`, the strategy run on the market
 * history) and its last NAV as the book's, once: conditional on the product having no NAV yet.
 * The book stays empty: the history is the strategy's, not any holder's.
 */
export async function saveHistory(
  db: Db,
  product: Product,
  points: readonly { date: string; nav: bigint }[],
  nowMs: number,
): Promise<boolean> {
  const last = points[points.length - 1];
  if (!last) return false;
  const moved = await db
    .updateTable('product')
    .set({ nav: last.nav, nav_date: last.date, updated_at: nowMs })
    .where('id', '=', BigInt(product.id))
    .where('nav_date', 'is', null)
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return false;
  for (let i = 0; i < points.length; i += 500) {
    await db
      .insertInto('product_nav')
      .values(
        points.slice(i, i + 500).map((p) => ({
          product_id: BigInt(product.id),
          nav_date: p.date,
          nav: p.nav,
          book_value: 0n,
          units: 0n,
        })),
      )
      .execute();
  }
  return true;
}

const termColumns = (terms: ProductTerms) => ({
  name: terms.name,
  issuer: terms.issuer,
  strategy: terms.strategy,
  universe: terms.universe.join(','),
  market: terms.market,
  currency: terms.currency,
  min_amount: terms.minAmount,
  deadline_at: terms.deadlineMs,
  lockup_days: terms.lockupDays,
  fee_bps: terms.feeBps,
  first_date: terms.firstDate,
});

/** A new product: a draft with an empty book at `openingNavValue`; its id. */
export async function insertProduct(
  db: Db,
  terms: ProductTerms,
  openingNavValue: bigint,
  nowMs: number,
): Promise<number> {
  const row = await db
    .insertInto('product')
    .values({
      ...termColumns(terms),
      status: 'draft',
      ...{ book_cash: 0n, book_units: 0n, nav: openingNavValue, nav_date: null },
      ...{ created_at: nowMs, updated_at: nowMs },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** New terms for a draft (false once it is open or closed). */
export async function updateDraft(
  db: Db,
  id: number,
  terms: ProductTerms,
  nowMs: number,
): Promise<boolean> {
  const moved = await db
    .updateTable('product')
    .set({ ...termColumns(terms), updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** draft → open or open → closed, conditionally (false when the product is not in `from`). */
export async function moveProductStatus(
  db: Db,
  id: number,
  from: ProductStatus,
  to: ProductStatus,
  nowMs: number,
): Promise<boolean> {
  const moved = await db
    .updateTable('product')
    .set({ status: to, updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('status', '=', from)
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** Every product, drafts included, oldest first (the back office's list). */
export async function allProducts(db: Db): Promise<Product[]> {
  const rows = await db.selectFrom('product').selectAll().orderBy('id').execute();
  return rows.map(productFromRow);
}

/** Each product's holders (users with an order that holds units). */
export async function holdersByProduct(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product_order')
    .select(['product_id', (eb) => eb.fn.count<number>('user_id').distinct().as('holders')])
    .where('status', 'in', ['following', 'redeeming'])
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.holders)]));
}

/**
 * In a follow's write transaction: true if the product is still open for follows at `nowMs`,
 * by a conditional write that changes nothing (on PostgreSQL it takes the row's lock, so a close
 * under way is waited for and its result seen).
 */
export async function touchOpenProduct(db: Db, id: number, nowMs: number): Promise<boolean> {
  const touched = await db
    .updateTable('product')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', BigInt(id))
    .where('status', '=', 'open')
    .where('deadline_at', '>=', BigInt(nowMs))
    .executeTakeFirst();
  return touched.numUpdatedRows === 1n;
}
