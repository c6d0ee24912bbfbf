import { Refusal } from '@kabuto/schema/contracts';
import { cashBalance, hashRequest, postJournal, runIdempotent, writeTransaction } from '@kabuto/schema/db';
import { findInstrument, formatPrice, type Instrument } from '@kabuto/schema/market';
import { closeToCash, computeFees, realisedPnl, releaseOrderHold, type PositionSide } from '@kabuto/schema/trading';
import { formatScaled, scaleOf, type Actor, type Currency } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../deps.ts';
import { lockUser } from '../auth/users.repository.ts';
import { marketContextFor } from './market-state.ts';

export interface ClosedPosition {
  position_id: string;
  price: string;
  pnl: string;
  fee: string;
  waived: string;
}

async function openPosition(deps: GatewayDeps, userId: number, positionId: number) {
  const row = await deps.db.selectFrom('position').selectAll().where('id', '=', BigInt(positionId)).where('user_id', '=', BigInt(userId)).executeTakeFirst();
  if (!row) throw new Refusal('not_found');
  if (row.status !== 'holding') throw new Refusal('order_not_holding');
  return row;
}

/**
 * Closes a whole position at the feed price (`reason` user or stop_out): the conditional status
 * change makes a double close impossible; margin, P&L and fees post in one journal.
 */
export async function closePosition(
  deps: GatewayDeps,
  userId: number,
  input: { position_id: number; request_id: string },
  options: { reason: 'user' | 'stop_out'; actor: Actor } = { reason: 'user', actor: { type: 'user', id: userId } },
): Promise<{ result: ClosedPosition; replayed: boolean }> {
  const position = await openPosition(deps, userId, input.position_id);
  const instrument = findInstrument(position.symbol) as Instrument;
  const market = await marketContextFor(deps, instrument);
  if (market.phase !== 'continuous') throw new Refusal('outside_trading_hours');
  if (market.lastPrice === null) throw new Refusal('price_unavailable');
  const price = market.lastPrice;
  const side = position.side as PositionSide;
  const pnl = realisedPnl(instrument, side, position.open_price, price, position.qty);
  const fees = computeFees(instrument.market, side === 'long' ? 'sell' : 'buy', price, position.qty);
  const currency = position.currency as Currency;
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call: 'trade/close', position: input.position_id });
  return writeTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    return runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, async (): Promise<ClosedPosition> => {
      const updated = await trx
        .updateTable('position')
        .set({ status: 'closed', close_price: price, close_fee: fees.total, realized_pnl: pnl, close_reason: options.reason, closed_at: nowMs })
        .where('id', '=', position.id)
        .where('status', '=', 'holding')
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Refusal('order_not_holding');
      const cashAvailable = await cashBalance(trx, userId, currency);
      const { postings, waived } = closeToCash(userId, currency, { margin: position.margin, pnl, fees, cashAvailable });
      const memo = `${options.reason === 'stop_out' ? 'Stop-out close' : 'Close'} ${side} ${position.qty} ${instrument.symbol} at ${formatPrice(price, instrument.market)}`;
      await postJournal(trx, { kind: 'position_close', memo, actor: options.actor, reference: `position:${position.id}`, postings }, nowMs);
      return { position_id: String(position.id), price: formatPrice(price, instrument.market), pnl: wire(pnl), fee: wire(fees.total), waived: wire(waived) };
    });
  });
}

/** `trade/cancel`: a pending limit order becomes cancelled and its hold returns to cash. */
export async function cancelOrder(deps: GatewayDeps, userId: number, orderId: number): Promise<{ order_id: string; released: string }> {
  const nowMs = deps.clock.nowMs();
  return writeTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    const order = await trx.selectFrom('trade_order').selectAll().where('id', '=', BigInt(orderId)).where('user_id', '=', BigInt(userId)).executeTakeFirst();
    if (!order) throw new Refusal('not_found');
    const updated = await trx.updateTable('trade_order').set({ status: 'cancelled', updated_at: nowMs }).where('id', '=', order.id).where('status', '=', 'pending').executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Refusal('order_not_holding');
    const currency = order.currency as Currency;
    await postJournal(trx, { kind: 'order_release', memo: `Cancel limit order ${order.id} (${order.symbol})`, actor: { type: 'user', id: userId }, reference: `order:${order.id}`, postings: releaseOrderHold(userId, currency, order.hold_amount) }, nowMs);
    return { order_id: String(order.id), released: formatScaled(order.hold_amount, scaleOf(currency)) };
  });
}
