import type { Redis } from 'ioredis';
import type { Logger } from '../infra/logger.ts';
import { duplicateRedis } from '../infra/redis.ts';

/**
 * Runs a reload as soon as its channel announces a change: the workers' list step a listing
 * (`listedInstrumentsChannel`: quotes, orders and `quote:subscribe` know the symbol at once), the
 * console a calendar (`calendarChannel`). Each reload also runs on a timer, the safety net if a
 * message is lost.
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
