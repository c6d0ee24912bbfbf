import type { Db, PositionRow } from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';
import type { PositionSide } from '@kabuto/schema/trading';

/** A position as the trading module reads it: money in minor units, times in ms. */
export interface PositionRecord {
  readonly id: bigint;
  readonly orderId: bigint;
  readonly symbol: string;
  readonly currency: Currency;
  readonly side: PositionSide;
  readonly qty: bigint;
  readonly openPrice: bigint;
  readonly leverage: number;
  readonly margin: bigint;
  readonly openFee: bigint;
  readonly openedAtMs: number;
  /** Opened under an intraday application (its margin is the application's hold). */
  readonly intraday: boolean;
}

/** A closed position (or closed part) with how it closed. */
export interface ClosedPositionRecord extends PositionRecord {
  readonly closePrice: bigint;
  readonly closeFee: bigint;
  readonly realizedPnl: bigint;
  readonly closeReason: string | null;
  readonly closedAtMs: number;
}

function toRecord(row: PositionRow): PositionRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    symbol: row.symbol,
    currency: row.currency as Currency,
    side: row.side as PositionSide,
    qty: row.qty,
    openPrice: row.open_price,
    leverage: Number(row.leverage),
    margin: row.margin,
    openFee: row.open_fee,
    openedAtMs: Number(row.opened_at),
    intraday: row.intraday_application_id !== null,
  };
}

/** The user's open positions, newest first (all symbols, or one). */
export async function openPositionsOf(
  db: Db,
  userId: number,
  symbol?: string,
): Promise<PositionRecord[]> {
  let query = db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding');
  if (symbol !== undefined) query = query.where('symbol', '=', symbol);
  const rows = await query.orderBy('opened_at', 'desc').execute();
  return rows.map(toRecord);
}

/** The user's 200 latest closed positions, latest close first. */
export async function closedPositionsOf(db: Db, userId: number): Promise<ClosedPositionRecord[]> {
  const rows = await db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'closed')
    .orderBy('closed_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    ...toRecord(row),
    closePrice: row.close_price ?? 0n,
    closeFee: row.close_fee ?? 0n,
    realizedPnl: row.realized_pnl ?? 0n,
    closeReason: row.close_reason,
    closedAtMs: Number(row.closed_at ?? 0n),
  }));
}

/**
 * One of the user's positions (open or closed), with its row as read: the shared close path
 * (`closePositionIn`) takes the row and closes only if it is still unchanged.
 */
export interface OwnPosition extends PositionRecord {
  readonly status: 'holding' | 'closed';
  readonly row: PositionRow;
}

/** The user's position `positionId`, or undefined when there is none of theirs. */
export async function ownPosition(
  db: Db,
  userId: number,
  positionId: number,
): Promise<OwnPosition | undefined> {
  const row = await db
    .selectFrom('position')
    .selectAll()
    .where('id', '=', BigInt(positionId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toRecord(row), status: row.status === 'holding' ? 'holding' : 'closed', row };
}

/**
 * Whether the user has market exposure: a position held, or a limit order resting that may open
 * one at any tick. The withdrawal rule counts both when a withdrawal is asked for; an order placed
 * while a withdrawal is pending is not refused here (the withdrawal's hold keeps its money out).
 */
export async function hasOpenPositionOrOrder(db: Db, userId: number): Promise<boolean> {
  const held = await db
    .selectFrom('position')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding')
    .executeTakeFirst();
  if (held) return true;
  const resting = await db
    .selectFrom('trade_order')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Boolean(resting);
}
