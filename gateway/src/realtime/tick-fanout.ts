import type { Redis } from 'ioredis';
import { redisKeys, roomForSymbol, type QuoteTick } from '@kabuto/schema/contracts';
import type { KabutoServer } from './account-events.ts';
import type { Logger } from '../infra/logger.ts';
import type { TickConflator } from './tick-conflator.ts';

/**
 * Each gateway subscribes to the feed's tick channel and serves its own sockets only (`io.local`):
 * ticks never travel the adapter twice. Per-tick sockets get volatile room broadcasts; batch
 * sockets get one conflated frame per flush interval.
 */
export async function startTickFanout(
  io: KabutoServer,
  redis: Redis,
  options: { redisPrefix: string; logger: Logger; conflator: TickConflator; flushMs: number },
): Promise<{ stop(): Promise<void> }> {
  const subscriber = redis.duplicate();
  const channel = redisKeys(options.redisPrefix).tickChannel;
  subscriber.on('message', (_channel, message) => {
    try {
      const ticks = JSON.parse(message) as QuoteTick[];
      for (const tick of ticks) {
        io.local.to(roomForSymbol(tick.symbol)).volatile.emit('quote:tick', tick);
        options.conflator.offer(tick);
      }
    } catch (error) {
      options.logger.warn({ err: String(error) }, 'bad tick message');
    }
  });
  await subscriber.subscribe(channel);
  const timer = setInterval(() => options.conflator.flush(), options.flushMs);
  return {
    async stop() {
      clearInterval(timer);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
