import type { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import type { Logger } from '../infra/logger.ts';
import { duplicateRedis } from '../infra/redis.ts';

/**
 * Reloads the listed new shares as soon as the workers' list step announces a listing on
 * `listedInstrumentsChannel`, so quotes, orders and `quote:subscribe` know the symbol at once
 * (the periodic refresh stays as the safety net if a message is lost).
 */
export async function followListingAnnouncements(
  redis: Redis,
  options: { redisPrefix: string; logger: Logger; refresh: () => Promise<void> },
): Promise<{ stop(): Promise<void> }> {
  const subscriber = duplicateRedis(redis, options.logger, 'listing-announcements');
  const channel = redisKeys(options.redisPrefix).listedInstrumentsChannel;
  subscriber.on('message', () => void options.refresh());
  await subscriber.subscribe(channel);
  return {
    async stop() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
