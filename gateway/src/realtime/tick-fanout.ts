import type { Redis } from 'ioredis';
import { redisKeys, roomForSymbol, type QuoteTick } from '@kabuto/schema/contracts';
import type { KabutoServer } from './account-events.ts';
import type { Logger } from '../infra/logger.ts';

/**
 * Each gateway subscribes to the feed's tick channel and emits to its own local rooms only
 * (`io.local`): ticks never travel the adapter twice. Ticks are volatile: latest wins.
 */
export async function startTickFanout(
  io: KabutoServer,
  redis: Redis,
  options: { redisPrefix: string; logger: Logger },
): Promise<{ stop(): Promise<void> }> {
  const subscriber = redis.duplicate();
  const channel = redisKeys(options.redisPrefix).tickChannel;
  subscriber.on('message', (_channel, message) => {
    try {
      const ticks = JSON.parse(message) as QuoteTick[];
      for (const tick of ticks) io.local.to(roomForSymbol(tick.symbol)).volatile.emit('quote:tick', tick);
    } catch (error) {
      options.logger.warn({ err: String(error) }, 'bad tick message');
    }
  });
  await subscriber.subscribe(channel);
  return {
    async stop() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
