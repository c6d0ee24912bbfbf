import type { Redis } from 'ioredis';
import { parseClockOffset, testClockKeys, type TestClock } from '@kabuto/schema/contracts';
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
  const keys = testClockKeys(options.redisPrefix);
  const subscriber = duplicateRedis(redis, options.logger, 'test-clock');
  subscriber.on('message', (channel: string, message: string) => {
    const offset = parseClockOffset(message);
    if (channel !== keys.channel || offset === null) return;
    options.clock.setOffset(offset);
    options.onMove?.();
  });
  await subscriber.subscribe(keys.channel);
  options.clock.setOffset(parseClockOffset(await redis.get(keys.offset)) ?? 0);
  return { stop: () => subscriber.disconnect() };
}
