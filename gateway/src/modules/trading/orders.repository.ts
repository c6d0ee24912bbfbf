import type { Db } from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';
import type { OrderKind, PositionSide } from '@kabuto/schema/trading';

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

/** The user's resting limit orders, newest first. */
export async function restingOrdersOf(db: Db, userId: number): Promise<RestingOrder[]> {
  const rows = await db
    .selectFrom('trade_order')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
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
  }));
}
