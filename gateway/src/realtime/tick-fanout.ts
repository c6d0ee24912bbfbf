import type { Redis } from 'ioredis';
import { redisKeys, roomForSymbol, type QuoteTick } from '@kabuto/schema/contracts';
import type { KabutoServer } from './account-events.ts';
import type { Logger } from '../infra/logger.ts';
import { duplicateRedis } from '../infra/redis.ts';
import type { TickConflator } from './tick-conflator.ts';

/**
 * Each gateway subscribes to the feed's tick channel and serves its own sockets only (`io.local`):
 * ticks never travel the adapter twice. Per-tick sockets get a room broadcast of every print
 * (not volatile: a volatile emit drops a client's other symbols that print in the same batch);
 * batch sockets get one conflated frame per flush interval.
 */
export async function startTickFanout(
  io: KabutoServer,
  redis: Redis,
  options: { redisPrefix: string; logger: Logger; conflator: TickConflator; flushMs: number },
): Promise<{ stop(): Promise<void> }> {
  const subscriber = duplicateRedis(redis, options.logger, 'tick-fanout');
  const channel = redisKeys(options.redisPrefix).tickChannel;
  // Flush right after a batch arrives, but at most once per `flushMs`: a client gets each feed
  // beat without waiting for a timer, and never more than one frame per interval.
  let lastFlush = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    lastFlush = Date.now();
    options.conflator.flush();
  };
  const scheduleFlush = () => {
    if (timer) return;
    timer = setTimeout(flush, Math.max(0, lastFlush + options.flushMs - Date.now()));
  };
  subscriber.on('message', (_channel, message) => {
    try {
      const ticks = JSON.parse(message) as QuoteTick[];
      for (const tick of ticks) {
        io.local.to(roomForSymbol(tick.symbol)).emit('quote:tick', tick);
        options.conflator.offer(tick);
      }
      scheduleFlush();
    } catch (error) {
      options.logger.warn({ err: String(error) }, 'bad tick message');
    }
  });
  await subscriber.subscribe(channel);
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
