import { Refusal } from '../../contracts/errors.ts';
import type { Currency } from '../../domain/money/currency.ts';
import { findInstrument, type Instrument } from '../../domain/market/instruments.ts';
import { formatPrice } from '../../domain/market/prices.ts';
import { computeFees } from '../../domain/trading/fees.ts';
import type { PositionSide } from '../../domain/trading/order-rules.ts';
import {
  closeQuantityValid,
  marginShareOfPartialClose,
  type PositionClose,
} from '../../domain/trading/position-close.ts';
import { closeToCash } from '../../domain/trading/postings.ts';
import { realisedPnl } from '../../domain/trading/order-rules.ts';
import type { Actor } from '../../domain/ledger/journal.ts';
import { journalMemo } from '../../domain/ledger/journal-memo.ts';
import { userBalance } from './ledger.store.ts';
import type { PositionRow } from '../tables.ts';
import type { Db } from '../create-db.ts';
import type { WriteTrx } from '../after-commit.ts';
import { postJournal } from './ledger.store.ts';
import { addedMarginOf, runAfterFullClose } from '../../modules/trading/close-hooks.ts';
import { endCloseOrdersIn, trimCloseOrdersIn } from '../../modules/trading/live-orders.ts';

export interface NewPosition {
  readonly userId: number;
  /** The order that opened it; 0 for none (an IPO allotment). */
  readonly orderId: bigint;
  readonly instrument: Pick<Instrument, 'symbol' | 'currency'>;
  readonly side: PositionSide;
  readonly qty: bigint;
  readonly price: bigint;
  readonly leverage: number;
  readonly margin: bigint;
  readonly fee: bigint;
  readonly nowMs: number;
  /** Set for a position opened under an intraday application (its margin came from that hold). */
  readonly intradayApplicationId?: bigint | null;
}

/** Inserts a holding position and links its order. Call inside the write transaction that posts the journal. */
export async function insertPosition(trx: Db, values: NewPosition): Promise<bigint> {
  const row = await trx
    .insertInto('position')
    .values(newPositionRow(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The `position` row `insertPosition` writes (its order id may be replaced by a subquery). */
export function newPositionRow(values: NewPosition) {
  return {
    user_id: BigInt(values.userId),
    order_id: values.orderId,
    symbol: values.instrument.symbol,
    currency: values.instrument.currency,
    side: values.side,
    qty: values.qty,
    open_price: values.price,
    leverage: BigInt(values.leverage),
    margin: values.margin,
    open_fee: values.fee,
    status: 'holding',
    opened_at: values.nowMs,
    close_price: null,
    close_fee: null,
    realized_pnl: null,
    close_reason: null,
    closed_at: null,
    intraday_application_id: values.intradayApplicationId ?? null,
  };
}

/**
 * Marks the closed part: the whole row, or (a partial close) the row keeps the rest and a closed
 * row records the part with its share of the margin. Conditional on the row being unchanged, so a
 * racing close cannot take the same shares twice, nor close on a margin read before an addition.
 * Returns the closed part's margin and row id.
 * The margin the products added (credit: the close hooks' `addedMargin`) stays with the open
 * rest: a partial close takes its share of the margin without it, and the products' hooks act
 * (credit: its credits return) only when the position closes in full.
 */
async function markClosed(
  trx: WriteTrx,
  position: PositionRow,
  part: { qty: bigint; price: bigint; fee: bigint; pnl: bigint; reason: string; nowMs: number },
): Promise<{ margin: bigint; id: bigint }> {
  const closed = {
    status: 'closed',
    close_price: part.price,
    close_fee: part.fee,
    realized_pnl: part.pnl,
    close_reason: part.reason,
    closed_at: part.nowMs,
  };
  const unchanged = (q: ReturnType<typeof trx.updateTable<'position'>>) =>
    q
      .where('id', '=', position.id)
      .where('status', '=', 'holding')
      .where('qty', '=', position.qty)
      // The margin as read: a close computed on a margin an addition of credit has since grown
      // would return too little and strand the credit in the margin account.
      .where('margin', '=', position.margin);
  if (part.qty === position.qty) {
    const updated = await unchanged(trx.updateTable('position').set(closed)).executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Refusal('order_not_holding');
    await runAfterFullClose(trx, position.id, part.nowMs);
    await endCloseOrdersIn(trx, position.id, part.nowMs);
    return { margin: position.margin, id: position.id };
  }
  const kept = (await addedMarginOf(trx, [position.id])).get(position.id) ?? 0n;
  const margin = marginShareOfPartialClose(position.margin - kept, part.qty, position.qty);
  const updated = await unchanged(
    trx
      .updateTable('position')
      .set({ qty: position.qty - part.qty, margin: position.margin - margin }),
  ).executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new Refusal('order_not_holding');
  await trimCloseOrdersIn(trx, position.id, position.qty - part.qty, part.nowMs);
  const row = await trx
    .insertInto('position')
    .values({
      user_id: position.user_id,
      order_id: position.order_id,
      symbol: position.symbol,
      currency: position.currency,
      side: position.side,
      qty: part.qty,
      open_price: position.open_price,
      leverage: position.leverage,
      margin,
      open_fee: 0n,
      opened_at: position.opened_at,
      intraday_application_id: position.intraday_application_id,
      ...closed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { margin, id: row.id };
}

const CLOSE_MEMO = {
  user: 'position_close',
  stop_out: 'stop_out_close',
  intraday_close: 'intraday_close',
  order: 'order_close',
} as const;

/**
 * Closes a position, or `qty` of it, at `price` inside the caller's write transaction: the closed
 * part is marked conditionally (never twice), then its margin, P&L and fees post in one journal.
 * Used by `trade/close` and by the stop-out worker.
 */
export async function closePositionIn(
  trx: WriteTrx,
  position: PositionRow,
  options: {
    price: bigint;
    reason: keyof typeof CLOSE_MEMO;
    actor: Actor;
    nowMs: number;
    qty?: bigint;
  },
): Promise<PositionClose> {
  const instrument = findInstrument(position.symbol) as Instrument;
  const side = position.side as PositionSide;
  const qty = options.qty ?? position.qty;
  if (!closeQuantityValid(instrument, position.qty, qty)) throw new Refusal('qty_invalid');
  const pnl = realisedPnl(instrument, side, position.open_price, options.price, qty);
  const fees = computeFees(instrument.market, side === 'long' ? 'sell' : 'buy', options.price, qty);
  const currency = position.currency as Currency;
  const part = await markClosed(trx, position, {
    qty,
    price: options.price,
    fee: fees.total,
    pnl,
    reason: options.reason,
    nowMs: options.nowMs,
  });
  // An intraday position's proceeds go back to its application's hold, not to cash.
  const into = position.intraday_application_id === null ? 'cash' : 'hold:intraday';
  const userId = Number(position.user_id);
  const cashAvailable = await userBalance(trx, userId, into, currency);
  const { postings, waived } = closeToCash(userId, currency, {
    margin: part.margin,
    pnl,
    fees,
    cashAvailable,
    into,
  });
  const memo = journalMemo(CLOSE_MEMO[options.reason], {
    side,
    qty,
    symbol: instrument.symbol,
    price: formatPrice(options.price, instrument.market),
  });
  await postJournal(
    trx,
    {
      kind: 'position_close',
      ...memo,
      actor: options.actor,
      reference: `position:${position.id}`,
      postings,
    },
    options.nowMs,
  );
  return {
    positionId: position.id,
    closedId: part.id,
    currency,
    market: instrument.market,
    qty,
    price: options.price,
    pnl,
    fee: fees.total,
    waived,
  };
}
