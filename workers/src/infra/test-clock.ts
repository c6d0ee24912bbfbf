import type { Redis } from 'ioredis';
import { followClockOffset, type TestClock } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';
import { duplicateRedis } from './redis.ts';

/**
 * A stack started for tests only (KABUTO_TEST_FIXTURES=1): sets `clock` to the stack's stored
 * offset and follows every move the gateway's fixture API announces; `onMove` runs after each.
 */
export async function followTestClock(
  redis: Redis,
  options: { redisPrefix: string; clock: TestClock; logger: Logger; onMove?: () => void },
): Promise<{ stop(): void }> {
  const subscriber = duplicateRedis(redis, options.logger, 'test-clock');
  await followClockOffset(redis, subscriber, options);
  return { stop: () => subscriber.disconnect() };
}
