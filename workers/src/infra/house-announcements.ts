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

/**
 * Runs this process's reload whenever its channel announces a change (a listing; a calendar staff
 * entered). Each reload also runs on a timer, the safety net if a message is lost.
 */
export async function followAnnouncements(
  redis: Redis,
  options: { logger: Logger; reloads: Readonly<Record<string, () => Promise<void>>> },
): Promise<{ stop(): Promise<void> }> {
  const subscriber = duplicateRedis(redis, options.logger, 'house-announcements');
  const channels = Object.keys(options.reloads);
  subscriber.on('message', (channel: string) => void options.reloads[channel]?.());
  await subscriber.subscribe(...channels);
  return {
    async stop() {
      await subscriber.unsubscribe(...channels).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
