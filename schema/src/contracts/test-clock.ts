import type { Clock } from './runtime.ts';

/**
 * The clock of a stack started for tests (KABUTO_TEST_FIXTURES=1, never in live mode): the system
 * clock plus an offset that a browser test moves forward through the gateway's fixture API, so a
 * new-share draw or listing falls due at once instead of after minutes of real waiting. Every
 * process of the stack reads the same offset (kept in Redis, announced on a channel). Production
 * never builds one: it runs on `systemClock`.
 */
export interface TestClock extends Clock {
  offsetMs(): number;
  /** Moves the clock to `offsetMs` ahead of the system clock; it never moves back. */
  setOffset(offsetMs: number): void;
}

export function offsetClock(now: () => number = Date.now): TestClock {
  let offset = 0;
  return {
    nowMs: () => now() + offset,
    offsetMs: () => offset,
    setOffset(next) {
      if (Number.isSafeInteger(next) && next > offset) offset = next;
    },
  };
}

export function isTestClock(clock: Clock): clock is TestClock {
  return 'setOffset' in clock && typeof (clock as TestClock).setOffset === 'function';
}

/** Where a test stack keeps its clock's offset (a string of milliseconds) and announces moves. */
export function testClockKeys(redisPrefix: string) {
  return {
    offset: `${redisPrefix}:test:clock-offset`,
    channel: `${redisPrefix}:test:clock`,
  } as const;
}

/** A stored or announced offset, or null for anything that is not a whole number of ms ≥ 0. */
export function parseClockOffset(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/** KABUTO_TEST_FIXTURES of every service: on only for a stack the tests start, never live. */
export function testFixturesAllowed(flag: '0' | '1', mode: 'paper' | 'live'): boolean {
  if (flag === '1' && mode === 'live') {
    throw new Error('KABUTO_TEST_FIXTURES=1 is for a stack started by the tests, never live');
  }
  return flag === '1';
}

/** The two Redis connections a follower needs: one to read the stored offset, one subscribed. */
interface ClockRedis {
  get(key: string): Promise<string | null>;
}
interface ClockSubscriber {
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  subscribe(channel: string): Promise<unknown>;
}

/**
 * Sets `clock` to the stack's stored offset and follows every move the gateway's fixture API
 * announces on `subscriber` (a connection of its own); `onMove` runs after each.
 */
export async function followClockOffset(
  redis: ClockRedis,
  subscriber: ClockSubscriber,
  options: { redisPrefix: string; clock: TestClock; onMove?: (() => void) | undefined },
): Promise<void> {
  const keys = testClockKeys(options.redisPrefix);
  subscriber.on('message', (channel, message) => {
    const offset = parseClockOffset(message);
    if (channel !== keys.channel || offset === null) return;
    options.clock.setOffset(offset);
    options.onMove?.();
  });
  await subscriber.subscribe(keys.channel);
  options.clock.setOffset(parseClockOffset(await redis.get(keys.offset)) ?? 0);
}
