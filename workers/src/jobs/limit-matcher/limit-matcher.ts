import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { orderUpdated, systemClock, type Clock, type QuoteTick } from '@kabuto/schema/contracts';
import { fillPendingOrder, loadPendingOrders, type Db } from '@kabuto/schema/db';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { followTicks, queueAssetRecompute } from '../../infra/tick-stream.ts';
import { LimitBook } from './limit-book.ts';

/**
 * Fills resting limit orders when the feed's prints cross them, at the print's price (at or better
 * than the limit). The book is rebuilt from the
 * database at start and again every `refreshMs` (new orders in, cancelled ones out); each fill is a conditional update
 * in the database, so two matchers (or a cancel racing a fill) can never fill an order twice.
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
        const filled = await fillPendingOrder(deps.db, order.id, price, clock.nowMs()).catch(
          (error: unknown) => {
            deps.logger.warn({ err: String(error), order: String(order.id) }, 'limit fill failed');
            return null;
          },
        );
        if (!filled) continue;
        await deps.emitter.emit(
          filled.userId,
          'order:updated',
          orderUpdated('filled', {
            order_id: String(order.id),
            position_id: String(filled.positionId),
          }),
        );
        await queueAssetRecompute(deps.assetQueue, filled.userId, 'limit_fill', clock);
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
