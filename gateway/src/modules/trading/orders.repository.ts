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
import type { AnyOrderKind, OrderRequest, PositionSide } from '@kabuto/schema/trading';
import type { OrderTerms } from './order-terms.ts';

/** A resting limit order as the trading module reads it. */
export interface RestingOrder {
  readonly id: bigint;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly kind: AnyOrderKind;
  readonly qty: bigint;
  readonly leverage: number;
  readonly currency: Currency;
  readonly limitPrice: bigint;
  readonly hold: bigint;
  readonly createdAtMs: number;
}

/** Any of the user's orders: its status beside what a resting one shows. */
export interface OrderRecord extends RestingOrder {
  readonly status: 'pending' | 'inactive' | 'filled' | 'cancelled' | 'expired';
}

function toRecord(row: TradeOrderRow): OrderRecord {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as PositionSide,
    kind: row.kind as AnyOrderKind,
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

/** The user's orders still live (in the book) or waiting (an IFD's second), newest first. */
export async function restingOrderRowsOf(db: Db, userId: number): Promise<TradeOrderRow[]> {
  return db
    .selectFrom('trade_order')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', ['pending', 'inactive'])
    .orderBy('id', 'desc')
    .execute();
}

/** The user's resting orders, newest first. */
export async function restingOrdersOf(db: Db, userId: number): Promise<RestingOrder[]> {
  return (await restingOrderRowsOf(db, userId)).map(toRecord);
}

/** Where an order sits in a group: OCO legs share a group; an IFD's second waits on its first. */
export interface OrderPlacement {
  readonly groupId?: bigint | null;
  readonly groupKind?: 'oco' | 'ifd' | 'ifdoco' | null;
  readonly parentOrderId?: bigint | null;
  readonly closePositionId?: bigint | null;
}

/** An order as written: filled at once, or resting (live or waiting) with its hold. */
export interface NewOrder {
  readonly userId: number;
  readonly instrument: Instrument;
  readonly order: OrderRequest;
  readonly status: 'pending' | 'inactive' | 'filled';
  readonly hold: bigint;
  readonly fillPrice: bigint | null;
  readonly nowMs: number;
  /** A stop, stop-limit or trailing stop's terms and its validity. */
  readonly terms?: OrderTerms;
  readonly placement?: OrderPlacement;
  /** The price the hold was taken at (a waiting order's worst fill). */
  readonly holdPrice?: bigint | null;
}

function conditionalColumns(terms: OrderTerms | undefined, placement: OrderPlacement = {}) {
  return {
    trigger_price: terms?.trigger ?? null,
    trail: terms?.trail?.amount ?? null,
    trail_unit: terms?.trail?.unit ?? null,
    watermark: terms?.watermark ?? null,
    expires_at: terms?.expiresAt ?? null,
    group_id: placement.groupId ?? null,
    group_kind: placement.groupKind ?? null,
    parent_order_id: placement.parentOrderId ?? null,
    close_position_id: placement.closePositionId ?? null,
  };
}

function newOrderRow(values: NewOrder) {
  return {
    ...conditionalColumns(values.terms, values.placement),
    hold_price: values.holdPrice ?? null,
    user_id: BigInt(values.userId),
    symbol: values.instrument.symbol,
    currency: values.instrument.currency,
    side: values.order.side,
    kind: values.terms?.kind ?? values.order.kind,
    limit_price: values.terms ? values.terms.limit : values.order.price,
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
