import type { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';

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
