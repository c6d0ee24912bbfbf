import { sql } from 'kysely';
import {
  dialectOf,
  insertPosition,
  nameStatement,
  newPositionRow,
  type Db,
  type NewPosition,
  type TradeOrderRow,
} from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';
import type { Instrument } from '@kabuto/schema/market';
import type { OrderKind, OrderRequest, PositionSide } from '@kabuto/schema/trading';

/** A resting limit order as the trading module reads it. */
export interface RestingOrder {
  readonly id: bigint;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly kind: OrderKind;
  readonly qty: bigint;
  readonly leverage: number;
  readonly currency: Currency;
  readonly limitPrice: bigint;
  readonly hold: bigint;
  readonly createdAtMs: number;
}

/** Any of the user's orders: its status beside what a resting one shows. */
export interface OrderRecord extends RestingOrder {
  readonly status: 'pending' | 'filled' | 'cancelled';
}

function toRecord(row: TradeOrderRow): OrderRecord {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as PositionSide,
    kind: row.kind as OrderKind,
    qty: row.qty,
    leverage: Number(row.leverage),
    currency: row.currency as Currency,
    limitPrice: row.limit_price ?? 0n,
    hold: row.hold_amount,
    createdAtMs: Number(row.created_at),
    status: row.status as OrderRecord['status'],
  };
}

/** The user's order `orderId`, or undefined when there is none of theirs. */
export async function ownOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('trade_order')
    .selectAll()
    .where('id', '=', BigInt(orderId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The user's resting limit orders, newest first. */
export async function restingOrdersOf(db: Db, userId: number): Promise<RestingOrder[]> {
  const rows = await db
    .selectFrom('trade_order')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** An order as written: filled at once, or resting with its hold. */
export interface NewOrder {
  readonly userId: number;
  readonly instrument: Instrument;
  readonly order: OrderRequest;
  readonly status: OrderRecord['status'];
  readonly hold: bigint;
  readonly fillPrice: bigint | null;
  readonly nowMs: number;
}

function newOrderRow(values: NewOrder) {
  return {
    user_id: BigInt(values.userId),
    symbol: values.instrument.symbol,
    currency: values.instrument.currency,
    side: values.order.side,
    kind: values.order.kind,
    limit_price: values.order.price,
    qty: values.order.qty,
    leverage: BigInt(values.order.leverage),
    status: values.status,
    hold_amount: values.hold,
    fill_price: values.fillPrice,
    created_at: values.nowMs,
    updated_at: values.nowMs,
  };
}

/** Writes an order (filled at once, or resting with its hold) in the caller's transaction. */
export async function insertOrder(trx: Db, values: NewOrder): Promise<bigint> {
  const row = await trx
    .insertInto('trade_order')
    .values(newOrderRow(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes an order that filled at once and the position it opened (`position.orderId` is ignored:
 * the new order's id goes there). On PostgreSQL one statement (the order in a CTE), on SQLite two.
 */
export async function insertFilledOrder(
  trx: Db,
  order: NewOrder,
  position: NewPosition,
): Promise<{ orderId: bigint; positionId: bigint }> {
  if (dialectOf(trx) !== 'postgres') {
    const orderId = await insertOrder(trx, order);
    return { orderId, positionId: await insertPosition(trx, { ...position, orderId }) };
  }
  const query = trx
    .with('new_order', (db) =>
      db.insertInto('trade_order').values(newOrderRow(order)).returning('id'),
    )
    .insertInto('position')
    .values({ ...newPositionRow(position), order_id: sql<bigint>`(select id from new_order)` })
    .returning(['id', 'order_id'])
    .compile();
  nameStatement(query.sql);
  const [row] = (await trx.executeQuery(query)).rows;
  if (!row) throw new Error('order not written');
  return { orderId: row.order_id, positionId: row.id };
}
