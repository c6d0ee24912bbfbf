import type { Selectable } from 'kysely';
import type { Currency } from '../../domain/money/currency.ts';
import type { Actor } from '../../domain/ledger/journal.ts';
import { journalMemo } from '../../domain/ledger/journal-memo.ts';
import { formatScaled } from '../../domain/money/money.ts';
import { scaleOf } from '../../domain/money/currency.ts';
import { releaseOrderHold } from '../../domain/trading/postings.ts';
import type { PositionSide } from '../../domain/trading/order-rules.ts';
import {
  directionOf,
  type AnyOrderKind,
  type LiveOrderState,
  type Trail,
} from '../../domain/trading/triggers.ts';
import { orderUpdated, type OrderUpdate } from '../../contracts/realtime-events.ts';
import type { Db } from '../../db/create-db.ts';
import type { WriteTrx } from '../../db/after-commit.ts';
import type { TradeOrderTable } from '../../db/tables.ts';
import { advance } from '../../db/advance.ts';
import { insertInboxMessage } from '../../db/repositories/inbox.store.ts';

export type TradeOrder = Selectable<TradeOrderTable>;

/** A live order as the matcher keeps it: who, what, and its trigger state. */
export interface LiveOrder extends LiveOrderState {
  readonly id: bigint;
  readonly userId: number;
  readonly symbol: string;
  readonly expiresAt: number | null;
}

/** Why a live order ended without a fill (the `end_reason` column and the inbox line). */
export type OrderEndReason =
  'user' | 'oco' | 'beyond_hold' | 'expired' | 'parent_ended' | 'position_closed' | 'account';

/** An account event an order change sends, with the inbox line's message when there is one. */
export interface OrderChange {
  readonly userId: number;
  readonly update: OrderUpdate;
  readonly message: {
    kind: 'order_triggered' | 'order_filled' | 'order_ended';
    order_id: string;
  } | null;
}

/** The matcher's view of an order row. */
export function liveStateOf(row: TradeOrder): LiveOrder {
  const trail: Trail | null =
    row.trail === null ? null : { amount: row.trail, unit: row.trail_unit as Trail['unit'] };
  return {
    id: row.id,
    userId: Number(row.user_id),
    symbol: row.symbol,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    direction: directionOf(row.side as PositionSide, row.close_position_id !== null),
    kind: row.kind as AnyOrderKind,
    limit: row.limit_price,
    trigger: row.trigger_price,
    triggered: row.triggered_at !== null,
    trail,
    watermark: row.watermark,
    triggerCap:
      row.kind === 'trailing_stop' && row.close_position_id === null && row.side === 'short'
        ? row.hold_price
        : null,
  };
}

/** Every live order (the matcher's book is rebuilt from these). */
export async function loadLiveOrders(db: Db): Promise<LiveOrder[]> {
  const rows = await db
    .selectFrom('trade_order')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map(liveStateOf);
}

/** Live or waiting orders whose validity has ended by `nowMs` (the matcher expires them). */
export async function loadExpiredOrders(
  db: Db,
  nowMs: number,
): Promise<Array<{ id: bigint; userId: number }>> {
  const rows = await db
    .selectFrom('trade_order')
    .select(['id', 'user_id'])
    .where('status', 'in', ['pending', 'inactive'])
    .where('expires_at', '<=', BigInt(nowMs))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: Number(r.user_id) }));
}

export async function orderRow(trx: Db, orderId: bigint): Promise<TradeOrder | undefined> {
  return trx.selectFrom('trade_order').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The message an order change leaves in the inbox, written in the caller's transaction. */
export async function recordOrderMessage(
  trx: WriteTrx,
  change: OrderChange,
  params: Record<string, string>,
  nowMs: number,
): Promise<void> {
  if (!change.message) return;
  await insertInboxMessage(trx, {
    userId: change.userId,
    kind: change.message.kind,
    params: { order: change.message.order_id, ...params },
    nowMs,
  });
}

/**
 * Ends a live (pending) or waiting (inactive) order without a fill, in the caller's transaction
 * under the owner's lock: cancelled or expired with its reason, its hold (if any) back to cash in
 * a visible journal, and the orders waiting on it (an IFD's second) cancelled with it. Answers
 * the changes to announce, or null when the order had already ended.
 */
export async function endOrderIn(
  trx: WriteTrx,
  order: TradeOrder,
  to: 'cancelled' | 'expired',
  reason: OrderEndReason,
  context: { nowMs: number; actor: Actor },
): Promise<OrderChange[] | null> {
  if (order.status !== 'pending' && order.status !== 'inactive') return null;
  const userId = Number(order.user_id);
  const currency = order.currency as Currency;
  const row = { kind: 'trade_order' as const, id: order.id, userId };
  const effects = {
    nowMs: context.nowMs,
    set: { updated_at: context.nowMs, end_reason: reason },
    ...(order.hold_amount > 0n
      ? {
          journal: {
            kind: 'order_release' as const,
            ...journalMemo('order_release', { order: order.id, symbol: order.symbol }),
            actor: context.actor,
            reference: `order:${order.id}`,
            postings: releaseOrderHold(userId, currency, order.hold_amount),
          },
        }
      : {}),
  };
  const { advanced } =
    order.status === 'inactive'
      ? await advance(trx, row, 'inactive', 'cancelled', effects)
      : await advance(trx, row, 'pending', to, effects);
  if (!advanced) return null;
  const released = formatScaled(order.hold_amount, scaleOf(currency));
  const fields = { order_id: String(order.id), released, end_reason: reason };
  const update =
    to === 'expired' && order.status === 'pending'
      ? orderUpdated('expired', fields)
      : orderUpdated('cancelled', fields);
  const byUser = context.actor.type === 'user';
  const change: OrderChange = {
    userId,
    update,
    message: byUser ? null : { kind: 'order_ended', order_id: String(order.id) },
  };
  await recordOrderMessage(
    trx,
    change,
    { symbol: order.symbol, end_reason: reason },
    context.nowMs,
  );
  const waiting = await trx
    .selectFrom('trade_order')
    .selectAll()
    .where('parent_order_id', '=', order.id)
    .where('status', '=', 'inactive')
    .execute();
  const changes = [change];
  for (const child of waiting) {
    const ended = await endOrderIn(trx, child, 'cancelled', 'parent_ended', context);
    if (ended) changes.push(...ended);
  }
  return changes;
}

/**
 * A user's cancel of an order: the order, the orders waiting on it (an IFD's second orders) and
 * the other legs of its OCO (same group, same first order) still live or waiting, each released.
 * An IFD's first order is never ended by a cancel of its second. Null: already ended.
 */
export async function cancelOrderGroupIn(
  trx: WriteTrx,
  order: TradeOrder,
  context: { nowMs: number; actor: Actor },
): Promise<OrderChange[] | null> {
  const reason: OrderEndReason = context.actor.type === 'user' ? 'user' : 'account';
  const first = await endOrderIn(trx, order, 'cancelled', reason, context);
  if (!first || order.group_id === null) return first;
  let legs = trx
    .selectFrom('trade_order')
    .selectAll()
    .where('group_id', '=', order.group_id)
    .where('id', '!=', order.id)
    .where('status', 'in', ['pending', 'inactive']);
  legs =
    order.parent_order_id === null
      ? legs.where('parent_order_id', 'is', null)
      : legs.where('parent_order_id', '=', order.parent_order_id);
  const changes = [...first];
  for (const other of await legs.orderBy('id').execute()) {
    const ended = await endOrderIn(trx, other, 'cancelled', reason, context);
    if (ended) changes.push(...ended);
  }
  return changes;
}

/** A partial close leaves less to close: closing orders of the position ask for at most the rest. */
export async function trimCloseOrdersIn(
  trx: WriteTrx,
  positionId: bigint,
  remainingQty: bigint,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('trade_order')
    .set({ qty: remainingQty, updated_at: nowMs })
    .where('close_position_id', '=', positionId)
    .where('status', 'in', ['pending', 'inactive'])
    .where('qty', '>', remainingQty)
    .execute();
}

/**
 * A position closed in full ends the closing orders still live or waiting on it (its take
 * profit and stop loss), each with an inbox line; called by the close itself.
 */
export async function endCloseOrdersIn(
  trx: WriteTrx,
  positionId: bigint,
  nowMs: number,
): Promise<void> {
  const orders = await trx
    .selectFrom('trade_order')
    .selectAll()
    .where('close_position_id', '=', positionId)
    .where('status', 'in', ['pending', 'inactive'])
    .execute();
  const context = { nowMs, actor: { type: 'system', id: 'position-close' } as const };
  for (const order of orders) await endOrderIn(trx, order, 'cancelled', 'position_closed', context);
}
