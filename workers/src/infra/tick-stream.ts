import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { assetRecomputeJob, redisKeys, type Clock, type QuoteTick } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';
import { duplicateRedis } from './redis.ts';

/**
 * Follows the feed's tick channel for a worker that keeps an in-memory index of database rows:
 * each batch goes to `handle`, one batch at a time in arrival order, and `refresh` rebuilds the
 * index from the database every `refreshMs`. `stop` waits for the batch in hand.
 */
export async function followTicks(deps: {
  /** Who follows (names the subscriber connection in logs and CLIENT LIST). */
  name: string;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  refreshMs: number;
  refresh: () => Promise<void>;
  handle: (ticks: QuoteTick[]) => Promise<void>;
}): Promise<{ stop(): Promise<void> }> {
  const subscriber = duplicateRedis(deps.redis, deps.logger, `ticks:${deps.name}`);
  const channel = redisKeys(deps.redisPrefix).tickChannel;
  let working = Promise.resolve();
  subscriber.on('message', (_channel, message) => {
    let ticks: QuoteTick[];
    try {
      ticks = JSON.parse(message) as QuoteTick[];
    } catch {
      return;
    }
    working = working
      .then(() => deps.handle(ticks))
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'tick batch failed'));
  });
  await subscriber.subscribe(channel);
  const timer = setInterval(() => {
    deps
      .refresh()
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'index refresh failed'));
  }, deps.refreshMs);
  return {
    async stop() {
      clearInterval(timer);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
      await working;
    },
  };
}

/** Queues one account's asset recomputation (the worker pushes `assets:updated`). */
export async function queueAssetRecompute(
  queue: Queue,
  userId: number,
  reason: string,
  clock: Clock,
): Promise<void> {
  const job = assetRecomputeJob(userId, reason, clock.nowMs());
  await queue.add(job.name, job.data, job.opts);
}
