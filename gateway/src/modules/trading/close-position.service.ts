import {
  closedPositionToWire,
  orderUpdated,
  Refusal,
  type ClosedPosition,
} from '@kabuto/schema/contracts';
import { closePositionIn, hashRequest, runIdempotent, writeTransaction } from '@kabuto/schema/db';
import { findInstrument, type Instrument } from '@kabuto/schema/market';
import { tPlusOneBlocksClose } from '@kabuto/schema/trading';
import { cancelOrderGroupIn, orderRow } from '@kabuto/schema/modules/trading';
import { formatScaled, scaleOf, type Actor } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { marketContextFor } from './market-state.ts';
import { ownOrder, restingOrdersOf } from './orders.repository.ts';
import { ownPosition } from './positions.repository.ts';

export type { ClosedPosition };

async function openPosition(db: GatewayDeps['db'], userId: number, positionId: number) {
  const position = await ownPosition(db, userId, positionId);
  if (!position) throw new Refusal('not_found');
  if (position.status !== 'holding') throw new Refusal('order_not_holding');
  return position;
}

/** `trade/close`: closes a position (or `qty` of it) at the feed price, idempotent by request_id. */
export async function closePosition(
  deps: GatewayDeps,
  userId: number,
  input: { position_id: number; qty?: number | undefined; request_id: string },
): Promise<{ result: ClosedPosition; replayed: boolean }> {
  const position = await openPosition(deps.db, userId, input.position_id);
  const instrument = findInstrument(position.symbol) as Instrument;
  const market = await marketContextFor(deps, instrument);
  if (market.phase !== 'continuous') throw new Refusal('outside_trading_hours');
  if (market.lastPrice === null) throw new Refusal('price_unavailable');
  const nowMs = deps.clock.nowMs();
  if (tPlusOneBlocksClose(instrument, position.side, position.openedAtMs, nowMs)) {
    throw new Refusal('t_plus_one');
  }
  const price = market.lastPrice;
  const requestHash = hashRequest({
    call: 'trade/close',
    position: input.position_id,
    qty: input.qty ?? 'all',
  });
  // The close's `order:updated` is written in its own transaction (the outbox): a close that rolls
  // back announces nothing; the asset recomputation is asked for once it has committed.
  return writeTransaction(
    deps.db,
    async (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, async () => {
        // Read again under the user lock: an addition of credit (or another close) that committed
        // since the first read changed the margin, and the close must return the margin as it is.
        const current = await openPosition(trx, userId, input.position_id);
        const closed = closedPositionToWire(
          await closePositionIn(trx, current.row, {
            price,
            reason: 'user',
            actor: { type: 'user', id: userId },
            nowMs,
            ...(input.qty ? { qty: BigInt(input.qty) } : {}),
          }),
        );
        const payload = orderUpdated('closed', closed);
        await announceInTransaction(
          deps,
          trx,
          { userId, event: 'order:updated', payload },
          'closed',
        );
        return closed;
      }),
    { lockUser: userId },
  );
}

/**
 * `trade/cancel`: a live order (or an IFD's waiting second order) ends and its hold returns to
 * cash; the other orders of its group still live or waiting end with it (an OCO's other leg, an
 * IFD's second orders), each announced. The user cancels their own; the back office cancels
 * every resting order of an account it freezes, bans or bars from trading
 * (`cancelRestingOrders`), as the actor of the release journals.
 */
export async function cancelOrder(
  deps: GatewayDeps,
  userId: number,
  orderId: number,
  actor: Actor = { type: 'user', id: userId },
): Promise<{ order_id: string; released: string }> {
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    async (trx) => {
      const order = await ownOrder(trx, userId, orderId);
      if (!order) throw new Refusal('not_found');
      const row = await orderRow(trx, order.id);
      const changes = row && (await cancelOrderGroupIn(trx, row, { nowMs, actor }));
      if (!changes) throw new Refusal('order_not_holding');
      for (const change of changes) {
        const event = { userId, event: 'order:updated' as const, payload: change.update };
        await announceInTransaction(deps, trx, event, 'cancelled');
      }
      return {
        order_id: String(order.id),
        released: formatScaled(order.hold, scaleOf(order.currency)),
      };
    },
    { lockUser: userId },
  );
}

/**
 * Cancels every resting limit order of an account the back office froze, banned or barred from
 * trading, so no order of theirs fills after the decision (each in its own transaction; one the
 * matcher filled first stays filled). Answers how many were cancelled.
 */
export async function cancelRestingOrders(
  deps: GatewayDeps,
  userId: number,
  actor: Actor,
): Promise<number> {
  let cancelled = 0;
  for (const order of await restingOrdersOf(deps.db, userId)) {
    const done = await cancelOrder(deps, userId, Number(order.id), actor).catch(
      (error: unknown) => {
        if (error instanceof Refusal && error.msg === 'order_not_holding') return null;
        throw error;
      },
    );
    if (done) cancelled += 1;
  }
  return cancelled;
}
