import type { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';
import { duplicateRedis } from './redis.ts';

/**
 * Tells every process (gateways, the feed) that a new share's listing time has come (the list
 * step, before it writes the holdings): they reload their listed instruments at once instead of
 * on their next periodic refresh. The message is the symbol; a lost one is covered by that refresh.
 */
export async function announceListing(
  redis: Redis,
  redisPrefix: string,
  symbol: string,
): Promise<void> {
  await redis.publish(redisKeys(redisPrefix).listedInstrumentsChannel, symbol);
}

/** Reloads this process's listed instruments whenever a listing is announced. */
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
