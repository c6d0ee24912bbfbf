import { Refusal } from '../../contracts/errors.ts';
import { orderUpdated } from '../../contracts/realtime-events.ts';
import { closedPositionToWire } from '../../contracts/http/trading.wire.ts';
import type { Actor } from '../../domain/ledger/journal.ts';
import type { Currency } from '../../domain/money/currency.ts';
import { journalMemo } from '../../domain/ledger/journal-memo.ts';
import { findInstrument, type Instrument } from '../../domain/market/instruments.ts';
import { formatPrice } from '../../domain/market/prices.ts';
import { roundToTick } from '../../domain/market/tick-size.ts';
import { computeFees } from '../../domain/trading/fees.ts';
import { fillFromHold } from '../../domain/trading/limit-fill.ts';
import { requiredMargin, type PositionSide } from '../../domain/trading/order-rules.ts';
import {
  closeQuantityValid,
  marginPlusFees,
  tPlusOneBlocksClose,
} from '../../domain/trading/position-close.ts';
import { openFromHold } from '../../domain/trading/postings.ts';
import { directionOf, onPrint, trailingTrigger } from '../../domain/trading/triggers.ts';
import type { WriteTrx } from '../../db/after-commit.ts';
import { advance } from '../../db/advance.ts';
import { closePositionIn, insertPosition } from '../../db/repositories/trading.store.ts';
import { postJournal } from '../../db/repositories/ledger.store.ts';
import {
  endOrderIn,
  liveStateOf,
  orderRow,
  recordOrderMessage,
  type OrderChange,
  type TradeOrder,
} from './live-orders.ts';

/** What one print did to one order, for the caller to announce (the outbox) and recompute. */
export interface PrintApplied {
  readonly userId: number;
  readonly changes: OrderChange[];
  /** Money moved (a fill, a release): the owner's assets need recomputing. */
  readonly moneyMoved: boolean;
}

const MATCHER: Actor = { type: 'system', id: 'limit-matcher' };

/**
 * One print against one live order, in the caller's transaction under the owner's lock; the
 * order is read again here, so a cancel, another print or another matcher that got there first
 * leaves nothing to do (null). A trailing stop moves its trigger; a stop-limit whose trigger is
 * reached rests as a limit; a fill opens a position out of the order's hold (or closes the
 * position a closing order names) at the print itself, then settles the order's group: an OCO's
 * other leg is cancelled, an IFD's second orders go live on the new position.
 */
export async function applyPrintIn(
  trx: WriteTrx,
  orderId: bigint,
  price: bigint,
  nowMs: number,
): Promise<PrintApplied | null> {
  const order = await orderRow(trx, orderId);
  if (!order || order.status !== 'pending') return null;
  const userId = Number(order.user_id);
  if (order.expires_at !== null && nowMs >= Number(order.expires_at)) {
    // Past its validity: a print never fills it; it ends as expired (the sweep's end, earlier).
    const context = { nowMs, actor: { type: 'system', id: 'expiry' } as const };
    const ended = await endOrderIn(trx, order, 'expired', 'expired', context);
    return ended && { userId, changes: ended, moneyMoved: true };
  }
  const outcome = onPrint(liveStateOf(order), price);
  if (outcome.moved) {
    const trigger = triggerOnGrid(order, outcome.moved.trigger);
    await trx
      .updateTable('trade_order')
      .set({ watermark: outcome.moved.watermark, trigger_price: trigger })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .execute();
    return { userId, changes: [], moneyMoved: false };
  }
  if (outcome.fill === null) {
    if (!outcome.triggeredNow) return null;
    return { userId, changes: await markTriggered(trx, order, price, nowMs), moneyMoved: false };
  }
  const changes =
    order.close_position_id === null
      ? await fillOpening(trx, order, price, nowMs)
      : await fillClosing(trx, order, price, nowMs);
  return changes && { userId, changes, moneyMoved: true };
}

async function markTriggered(trx: WriteTrx, order: TradeOrder, price: bigint, nowMs: number) {
  await trx
    .updateTable('trade_order')
    .set({ triggered_at: nowMs, updated_at: nowMs })
    .where('id', '=', order.id)
    .where('triggered_at', 'is', null)
    .execute();
  const instrument = findInstrument(order.symbol) as Instrument;
  const change: OrderChange = {
    userId: Number(order.user_id),
    update: orderUpdated('triggered', {
      order_id: String(order.id),
      price: formatPrice(price, instrument.market),
    }),
    message: { kind: 'order_triggered', order_id: String(order.id) },
  };
  await recordOrderMessage(trx, change, { symbol: order.symbol }, nowMs);
  return [change];
}

/** An IFD's trailing second order starts trailing at its first order's fill price. */
function trailFromFill(child: TradeOrder, price: bigint) {
  if (child.kind !== 'trailing_stop' || child.trail === null) return {};
  const trail = {
    amount: child.trail,
    unit: child.trail_unit === 'percent' ? 'percent' : 'price',
  } as const;
  const direction = directionOf(child.side as PositionSide, true);
  return {
    watermark: price,
    trigger_price: triggerOnGrid(child, trailingTrigger(direction, price, trail)),
  };
}

/**
 * A trailing stop's trigger on the tick grid, away from the price (a sell's down, a buy's up):
 * what the user reads is a price the market can print.
 */
function triggerOnGrid(order: TradeOrder, trigger: bigint): bigint {
  const instrument = findInstrument(order.symbol) as Instrument;
  const direction = directionOf(order.side as PositionSide, order.close_position_id !== null);
  return roundToTick(instrument.tickTable, trigger, direction === 'sell' ? 'down' : 'up');
}

/** Moves the order to filled once (null when something else got there first). */
async function claimFill(trx: WriteTrx, order: TradeOrder, price: bigint, nowMs: number) {
  const row = { kind: 'trade_order' as const, id: order.id, userId: Number(order.user_id) };
  const triggered = order.kind === 'limit' ? null : (order.triggered_at ?? BigInt(nowMs));
  const set = { fill_price: price, updated_at: nowMs, triggered_at: triggered };
  return (await advance(trx, row, 'pending', 'filled', { nowMs, set })).advanced;
}

/** What a fill's inbox line says: the stock, the print it filled at, the shares. */
function fillParams(order: TradeOrder, price: bigint): Record<string, string> {
  const instrument = findInstrument(order.symbol) as Instrument;
  return {
    symbol: order.symbol,
    price: formatPrice(price, instrument.market),
    qty: String(order.qty),
  };
}

function fillMessage(order: TradeOrder, positionId: bigint, price: bigint): OrderChange {
  const instrument = findInstrument(order.symbol) as Instrument;
  return {
    userId: Number(order.user_id),
    update: orderUpdated('filled', {
      order_id: String(order.id),
      position_id: String(positionId),
      price: formatPrice(price, instrument.market),
    }),
    message: { kind: 'order_filled', order_id: String(order.id) },
  };
}

/**
 * An opening order's fill: margin and fees at the print out of the hold taken at placement, the
 * rest back to cash, in one journal. A stop whose print needs more than its hold (a gap through
 * the trigger) is cancelled as `beyond_hold` instead: never a fill the hold does not cover.
 */
async function fillOpening(
  trx: WriteTrx,
  order: TradeOrder,
  price: bigint,
  nowMs: number,
): Promise<OrderChange[] | null> {
  const instrument = findInstrument(order.symbol);
  if (!instrument) throw new Refusal('not_found');
  const side = order.side as PositionSide;
  const leverage = Number(order.leverage);
  const qty = order.qty;
  // Never a fill the hold does not cover: a stop that gapped past its band, or any buy (a buy
  // limit's hold at its limit always covers it). A plain sell limit keeps decision 41: its margin
  // is capped at what the hold leaves after fees.
  if (order.kind !== 'limit' || side === 'long') {
    const fees = computeFees(instrument.market, side === 'long' ? 'buy' : 'sell', price, qty);
    const needed = marginPlusFees(requiredMargin(instrument, price, qty, leverage), fees);
    if (needed > order.hold_amount) {
      return endOrderIn(trx, order, 'cancelled', 'beyond_hold', { nowMs, actor: MATCHER });
    }
  }
  const { margin, fees } = fillFromHold(
    instrument,
    { side, qty, leverage, hold: order.hold_amount },
    price,
  );
  if (!(await claimFill(trx, order, price, nowMs))) return null;
  const userId = Number(order.user_id);
  const positionId = await insertPosition(trx, {
    ...{ userId, orderId: order.id, instrument, side, qty, price, leverage },
    ...{ margin, fee: fees.total, nowMs },
  });
  await postJournal(
    trx,
    {
      kind: 'position_open',
      ...journalMemo('limit_fill', {
        ...{ order: order.id, side, qty, symbol: instrument.symbol },
        ...{ price: formatPrice(price, instrument.market), leverage },
      }),
      actor: MATCHER,
      reference: `position:${positionId}`,
      postings: openFromHold(userId, order.currency as Currency, order.hold_amount, margin, fees),
    },
    nowMs,
  );
  const filled = fillMessage(order, positionId, price);
  await recordOrderMessage(trx, filled, fillParams(order, price), nowMs);
  return [filled, ...(await settleGroupAfterFill(trx, order, { positionId, price }, nowMs))];
}

/**
 * A closing order's fill (take profit, stop loss): the position it names closes at the print
 * (its quantity, or what is left of the position). A position already closed ends the order; a
 * China long bought today waits (T+1) and the order stays live.
 */
async function fillClosing(
  trx: WriteTrx,
  order: TradeOrder,
  price: bigint,
  nowMs: number,
): Promise<OrderChange[] | null> {
  const position = await trx
    .selectFrom('position')
    .selectAll()
    .where('id', '=', order.close_position_id as bigint)
    .executeTakeFirst();
  const context = { nowMs, actor: MATCHER };
  if (!position || position.status !== 'holding') {
    return endOrderIn(trx, order, 'cancelled', 'position_closed', context);
  }
  const instrument = findInstrument(position.symbol) as Instrument;
  const side = position.side as PositionSide;
  if (tPlusOneBlocksClose(instrument, side, Number(position.opened_at), nowMs)) {
    // T+1 holds the close back, not the trigger: a stop-limit reached today rests as a limit.
    const reached = order.kind === 'stop_limit' && order.triggered_at === null;
    return reached ? markTriggered(trx, order, price, nowMs) : null;
  }
  if (!(await claimFill(trx, order, price, nowMs))) return null;
  // The group first: an OCO's other leg ends as `oco`, not as `position_closed` by the close.
  const group = await settleGroupAfterFill(trx, order, { positionId: position.id, price }, nowMs);
  const partial =
    order.qty < position.qty && closeQuantityValid(instrument, position.qty, order.qty);
  const closed = closedPositionToWire(
    await closePositionIn(trx, position, {
      price,
      reason: 'order',
      actor: MATCHER,
      nowMs,
      ...(partial ? { qty: order.qty } : {}),
    }),
  );
  const filled = fillMessage(order, position.id, price);
  await recordOrderMessage(trx, filled, fillParams(order, price), nowMs);
  const closedChange: OrderChange = {
    userId: Number(order.user_id),
    update: orderUpdated('closed', closed),
    message: null,
  };
  return [filled, closedChange, ...group];
}

/**
 * After a fill: the other live legs of its OCO (same group, same first order) are cancelled as
 * `oco`; the orders waiting on it (an IFD's second, an IFDOCO's pair) go live as closing orders of
 * the position it opened, for its quantity.
 */
async function settleGroupAfterFill(
  trx: WriteTrx,
  order: TradeOrder,
  fill: { positionId: bigint; price: bigint },
  nowMs: number,
): Promise<OrderChange[]> {
  const { positionId } = fill;
  const changes: OrderChange[] = [];
  if (order.group_id !== null) {
    let siblings = trx
      .selectFrom('trade_order')
      .selectAll()
      .where('group_id', '=', order.group_id)
      .where('id', '!=', order.id)
      .where('status', '=', 'pending');
    siblings =
      order.parent_order_id === null
        ? siblings.where('parent_order_id', 'is', null)
        : siblings.where('parent_order_id', '=', order.parent_order_id);
    for (const sibling of await siblings.orderBy('id').execute()) {
      const ended = await endOrderIn(trx, sibling, 'cancelled', 'oco', { nowMs, actor: MATCHER });
      if (ended) changes.push(...ended);
    }
  }
  const waiting = await trx
    .selectFrom('trade_order')
    .selectAll()
    .where('parent_order_id', '=', order.id)
    .where('status', '=', 'inactive')
    .orderBy('id')
    .execute();
  for (const child of waiting) {
    const row = { kind: 'trade_order' as const, id: child.id, userId: Number(child.user_id) };
    const set = {
      close_position_id: positionId,
      qty: order.qty,
      updated_at: nowMs,
      // A trailing stop follows from the fill, not from the first order's price.
      ...trailFromFill(child, fill.price),
    };
    const { advanced } = await advance(trx, row, 'inactive', 'pending', { nowMs, set });
    if (!advanced) continue;
    changes.push({
      userId: row.userId,
      update: orderUpdated('activated', {
        order_id: String(child.id),
        position_id: String(positionId),
      }),
      message: null,
    });
  }
  return changes;
}
