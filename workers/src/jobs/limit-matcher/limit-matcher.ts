import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES, redisKeys, type QuoteTick } from '@kabuto/schema/contracts';
import { fillPendingOrder, loadPendingOrders, type Db } from '@kabuto/schema/db';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { LimitBook } from './limit-book.ts';

/**
 * Fills resting limit orders when the feed's prints cross them. The book is rebuilt from the
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
}): Promise<{ stop(): Promise<void>; book: LimitBook }> {
  const book = new LimitBook();
  for (const order of await loadPendingOrders(deps.db)) book.add(order);
  const subscriber = deps.redis.duplicate();
  const channel = redisKeys(deps.redisPrefix).tickChannel;
  let working = Promise.resolve();
  const fillCrossed = async (ticks: QuoteTick[]) => {
    for (const tick of ticks) {
      for (const order of book.crossing(tick.symbol, tick.price)) {
        book.remove(order);
        const filled = await fillPendingOrder(deps.db, order.id, Date.now()).catch((error: unknown) => {
          deps.logger.warn({ err: String(error), order: String(order.id) }, 'limit fill failed');
          return null;
        });
        if (!filled) continue;
        await deps.emitter.emit(filled.userId, 'order:updated', { reason: 'filled', order_id: String(order.id), position_id: String(filled.positionId) });
        await deps.assetQueue.add(QUEUE_NAMES.assetRecompute, { userId: filled.userId, reason: 'limit_fill' }, { removeOnComplete: 1000, removeOnFail: 1000 });
      }
    }
  };
  subscriber.on('message', (_channel, message) => {
    let ticks: QuoteTick[];
    try {
      ticks = JSON.parse(message) as QuoteTick[];
    } catch {
      return;
    }
    // One batch at a time, in arrival order.
    working = working.then(() => fillCrossed(ticks));
  });
  await subscriber.subscribe(channel);
  const refresh = setInterval(() => {
    loadPendingOrders(deps.db)
      .then((orders) => book.replaceAll(orders))
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'limit book refresh failed'));
  }, deps.refreshMs ?? 1000);
  return {
    book,
    async stop() {
      clearInterval(refresh);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
      await working;
    },
  };
}
