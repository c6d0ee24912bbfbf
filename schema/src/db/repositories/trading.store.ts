import { Refusal } from '../../contracts/errors.ts';
import type { Currency } from '../../domain/money/currency.ts';
import { findInstrument, type Instrument } from '../../domain/market/instruments.ts';
import { formatPrice } from '../../domain/market/prices.ts';
import { computeFees } from '../../domain/trading/fees.ts';
import { requiredMargin, type PositionSide } from '../../domain/trading/order-rules.ts';
import { closeToCash, openFromHold } from '../../domain/trading/postings.ts';
import { realisedPnl } from '../../domain/trading/order-rules.ts';
import type { Actor } from '../../domain/ledger/journal.ts';
import { formatScaled } from '../../domain/money/money.ts';
import { scaleOf } from '../../domain/money/currency.ts';
import { cashBalance } from './ledger.store.ts';
import type { PositionRow } from '../tables.ts';
import type { Db } from '../create-db.ts';
import { postJournal } from './ledger.store.ts';
import { writeTransaction } from '../write-transaction.ts';

export interface NewPosition {
  readonly userId: number;
  readonly orderId: bigint;
  readonly instrument: Instrument;
  readonly side: PositionSide;
  readonly qty: bigint;
  readonly price: bigint;
  readonly leverage: number;
  readonly margin: bigint;
  readonly fee: bigint;
  readonly nowMs: number;
}

/** Inserts a holding position and links its order. Call inside the write transaction that posts the journal. */
export async function insertPosition(trx: Db, values: NewPosition): Promise<bigint> {
  const row = await trx
    .insertInto('position')
    .values({
      user_id: BigInt(values.userId), order_id: values.orderId, symbol: values.instrument.symbol, currency: values.instrument.currency, side: values.side,
      qty: values.qty, open_price: values.price, leverage: BigInt(values.leverage), margin: values.margin, open_fee: values.fee,
      status: 'holding', opened_at: values.nowMs, close_price: null, close_fee: null, realized_pnl: null, close_reason: null, closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('trade_order').set({ position_id: row.id }).where('id', '=', values.orderId).execute();
  return row.id;
}

export interface PendingOrder {
  readonly id: bigint;
  readonly userId: number;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly limitPrice: bigint;
}

/** Every pending limit order (the matcher's index is rebuilt from these). */
export async function loadPendingOrders(db: Db): Promise<PendingOrder[]> {
  const rows = await db
    .selectFrom('trade_order')
    .select(['id', 'user_id', 'symbol', 'side', 'limit_price'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: Number(r.user_id), symbol: r.symbol, side: r.side as PositionSide, limitPrice: r.limit_price ?? 0n }));
}

/**
 * Fills a pending limit order at its limit price: the conditional status change means a cancelled
 * or already-filled order is left alone (returns null); otherwise the hold becomes margin and fees
 * and a position opens, in one transaction.
 */
export async function fillPendingOrder(db: Db, orderId: bigint, nowMs: number): Promise<{ userId: number; positionId: bigint } | null> {
  return writeTransaction(db, async (trx) => {
    const order = await trx.selectFrom('trade_order').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || order.status !== 'pending' || order.limit_price === null) return null;
    const claimed = await trx.updateTable('trade_order').set({ status: 'filled', fill_price: order.limit_price, updated_at: nowMs }).where('id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return null;
    const instrument = findInstrument(order.symbol);
    if (!instrument) throw new Refusal('not_found');
    const side = order.side as PositionSide;
    const leverage = Number(order.leverage);
    const userId = Number(order.user_id);
    const margin = requiredMargin(instrument, order.limit_price, order.qty, leverage);
    const fees = computeFees(instrument.market, side === 'long' ? 'buy' : 'sell', order.limit_price, order.qty);
    const positionId = await insertPosition(trx, { userId, orderId, instrument, side, qty: order.qty, price: order.limit_price, leverage, margin, fee: fees.total, nowMs });
    await postJournal(trx, {
      kind: 'position_open',
      memo: `Limit order ${orderId} filled: ${side} ${order.qty} ${instrument.symbol} at ${formatPrice(order.limit_price, instrument.market)} ×${leverage}`,
      actor: { type: 'system', id: 'limit-matcher' },
      reference: `position:${positionId}`,
      postings: openFromHold(userId, order.currency as Currency, order.hold_amount, margin, fees),
    }, nowMs);
    return { userId, positionId };
  });
}

export interface ClosedPosition {
  position_id: string;
  price: string;
  pnl: string;
  fee: string;
  waived: string;
}

/**
 * Closes a whole position at `price` inside the caller's write transaction: a conditional status
 * change (so never twice), then margin, P&L and fees in one journal. Used by `trade/close` and by
 * the stop-out worker.
 */
export async function closePositionIn(
  trx: Db,
  position: PositionRow,
  options: { price: bigint; reason: 'user' | 'stop_out'; actor: Actor; nowMs: number },
): Promise<ClosedPosition> {
  const instrument = findInstrument(position.symbol) as Instrument;
  const side = position.side as PositionSide;
  const pnl = realisedPnl(instrument, side, position.open_price, options.price, position.qty);
  const fees = computeFees(instrument.market, side === 'long' ? 'sell' : 'buy', options.price, position.qty);
  const currency = position.currency as Currency;
  const updated = await trx
    .updateTable('position')
    .set({ status: 'closed', close_price: options.price, close_fee: fees.total, realized_pnl: pnl, close_reason: options.reason, closed_at: options.nowMs })
    .where('id', '=', position.id)
    .where('status', '=', 'holding')
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new Refusal('order_not_holding');
  const cashAvailable = await cashBalance(trx, Number(position.user_id), currency);
  const { postings, waived } = closeToCash(Number(position.user_id), currency, { margin: position.margin, pnl, fees, cashAvailable });
  const price = formatPrice(options.price, instrument.market);
  const memo = `${options.reason === 'stop_out' ? 'Stop-out close' : 'Close'} ${side} ${position.qty} ${instrument.symbol} at ${price}`;
  await postJournal(trx, { kind: 'position_close', memo, actor: options.actor, reference: `position:${position.id}`, postings }, options.nowMs);
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  return { position_id: String(position.id), price, pnl: wire(pnl), fee: wire(fees.total), waived: wire(waived) };
}
