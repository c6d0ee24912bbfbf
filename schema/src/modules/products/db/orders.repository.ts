import type { Db } from '../../../db/create-db.ts';
import type { Currency } from '../../../domain/money/currency.ts';
import type { ProductOrderStatus } from '../domain/rules.ts';
import type { ProductOrderRow } from './products.table.ts';

export interface ProductOrder {
  readonly id: number;
  readonly userId: number;
  readonly productId: number;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly units: bigint;
  readonly status: ProductOrderStatus;
  readonly createdAtMs: number;
  readonly struckDate: string | null;
  readonly strikeNav: bigint | null;
  readonly lockupEnd: string | null;
  readonly redeemNav: bigint | null;
  readonly redeemAmount: bigint | null;
  readonly payDate: string | null;
}

export function orderFromRow(row: ProductOrderRow): ProductOrder {
  const big = (v: bigint | null) => (v === null ? null : BigInt(v));
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    productId: Number(row.product_id),
    currency: row.currency as Currency,
    amount: BigInt(row.amount),
    units: BigInt(row.units),
    status: row.status,
    createdAtMs: Number(row.created_at),
    struckDate: row.struck_date,
    strikeNav: big(row.strike_nav),
    lockupEnd: row.lockup_end,
    redeemNav: big(row.redeem_nav),
    redeemAmount: big(row.redeem_amount),
    payDate: row.pay_date,
  };
}

/** Writes a follow (status pending, no units yet) in the caller's transaction; its id. */
export async function insertProductOrder(
  db: Db,
  values: {
    userId: number;
    productId: number;
    currency: Currency;
    amount: bigint;
    requestId: string;
    nowMs: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('product_order')
    .values({
      user_id: BigInt(values.userId),
      product_id: BigInt(values.productId),
      currency: values.currency,
      amount: values.amount,
      units: 0n,
      status: 'pending',
      request_id: values.requestId,
      created_at: values.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One of the user's orders (another user's is not found). */
export async function findOrderOf(
  db: Db,
  userId: number,
  orderId: number,
): Promise<ProductOrder | undefined> {
  const row = await db
    .selectFrom('product_order')
    .selectAll()
    .where('id', '=', BigInt(orderId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? orderFromRow(row) : undefined;
}

/** The user's orders, newest first, with their product's name. */
export async function ordersOfUser(
  db: Db,
  userId: number,
): Promise<(ProductOrder & { productName: string })[]> {
  const rows = await db
    .selectFrom('product_order')
    .innerJoin('product', 'product.id', 'product_order.product_id')
    .selectAll('product_order')
    .select('product.name as product_name')
    .where('product_order.user_id', '=', BigInt(userId))
    .orderBy('product_order.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...orderFromRow(row), productName: row.product_name }));
}

/** A product's orders in one status, oldest first (the strike's follows and redemptions). */
export async function ordersInStatus(
  db: Db,
  productId: number,
  status: ProductOrderStatus,
): Promise<ProductOrder[]> {
  const rows = await db
    .selectFrom('product_order')
    .selectAll()
    .where('product_id', '=', BigInt(productId))
    .where('status', '=', status)
    .orderBy('id')
    .execute();
  return rows.map(orderFromRow);
}

/** Redeemed orders whose payment day has come (`pay_date` on or before `today` of their market). */
export async function redemptionsDue(
  db: Db,
  productId: number,
  today: string,
): Promise<ProductOrder[]> {
  const rows = await db
    .selectFrom('product_order')
    .selectAll()
    .where('product_id', '=', BigInt(productId))
    .where('status', '=', 'redeemed')
    .where('pay_date', '<=', today)
    .orderBy('id')
    .execute();
  return rows.map(orderFromRow);
}
