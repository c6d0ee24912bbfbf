import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { orderUpdated, systemClock, type Clock, type QuoteTick } from '@kabuto/schema/contracts';
import {
  fillPendingOrderIn,
  loadPendingOrders,
  writeTransaction,
  type Db,
  type LimitFill,
  type PendingOrder,
} from '@kabuto/schema/db';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { followTicks, queueAssetRecompute } from '../../infra/tick-stream.ts';
import { LimitBook } from './limit-book.ts';

interface MatcherDeps {
  readonly db: Db;
  readonly emitter: AccountEmitter;
  readonly assetQueue: Queue;
  readonly logger: Logger;
}

/**
 * One fill as a money command: under the owner's lock, the order moves pending → filled with its
 * position and journal, and its `order:updated` is written in the same transaction (the outbox);
 * the asset recomputation is queued once it has committed. A fill that rolls back announces nothing.
 */
function fillOrder(
  deps: MatcherDeps,
  order: PendingOrder,
  price: bigint,
  clock: Clock,
): Promise<LimitFill | null> {
  return writeTransaction(
    deps.db,
    async (trx) => {
      const filled = await fillPendingOrderIn(trx, order.id, price, clock.nowMs());
      if (!filled) return null;
      const update = orderUpdated('filled', {
        order_id: String(order.id),
        position_id: String(filled.positionId),
      });
      await deps.emitter.record(trx, filled.userId, 'order:updated', update);
      trx.afterCommit(() =>
        queueAssetRecompute(deps.assetQueue, filled.userId, 'limit_fill', clock),
      );
      return filled;
    },
    { lockUser: order.userId },
  );
}

/**
 * Fills resting limit orders when the feed's prints cross them, at the print's price (at or better
 * than the limit). The book is rebuilt from the database at start and again every `refreshMs` (new
 * orders in, cancelled ones out); each fill is one `advance` of the order under its owner's lock,
 * so two matchers (or a cancel racing a fill) can never fill an order twice.
 */
export async function startLimitMatcher(deps: {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  emitter: AccountEmitter;
  assetQueue: Queue;
  logger: Logger;
  refreshMs?: number;
  clock?: Clock;
}): Promise<{ stop(): Promise<void>; book: LimitBook }> {
  const clock = deps.clock ?? systemClock;
  const book = new LimitBook();
  for (const order of await loadPendingOrders(deps.db)) book.add(order);
  const fillCrossed = async (ticks: QuoteTick[]) => {
    for (const tick of ticks) {
      const { price, orders } = book.crossing(tick.symbol, tick.price);
      for (const order of orders) {
        book.remove(order);
        await fillOrder(deps, order, price, clock).catch((error: unknown) => {
          deps.logger.warn({ err: String(error), order: String(order.id) }, 'limit fill failed');
        });
      }
    }
  };
  const stream = await followTicks({
    name: 'limit-matcher',
    ...deps,
    refreshMs: deps.refreshMs ?? 1000,
    refresh: async () => book.replaceAll(await loadPendingOrders(deps.db)),
    handle: fillCrossed,
  });
  return { book, stop: () => stream.stop() };
}
