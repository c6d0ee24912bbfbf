// The fixture API a browser test moves the stack's clock with (issue 19 item 6): it exists only on
// a stack the tests start (KABUTO_TEST_FIXTURES=1), never in live mode, and answers only the
// machine itself; every process of the stack follows the clock it moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { offsetClock, testClockKeys, type TestClock } from '@kabuto/schema/contracts';
import { loadConfig } from '../src/infra/config.ts';
import { followTestClock } from '../src/infra/test-clock.ts';
import { deleteKeys, startTestGateway, type TestGateway } from './support/test-gateway.ts';

const NOW = Date.UTC(2026, 10, 26, 1, 0, 0);
let plain: TestGateway;
let fixtures: TestGateway;
let gatewayClock: TestClock;

async function moveClock(
  gateway: TestGateway,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${gateway.baseUrl}/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    http: response.status,
    body: JSON.parse(text) as { status: number; msg: string; data: any },
  };
}

beforeAll(async () => {
  plain = await startTestGateway();
  gatewayClock = offsetClock(() => NOW);
  fixtures = await startTestGateway({ KABUTO_TEST_FIXTURES: '1' }, gatewayClock);
});

afterAll(async () => {
  await plain?.close();
  await fixtures?.close();
});

describe('the test fixture API', () => {
  it('does not exist on a stack started without KABUTO_TEST_FIXTURES=1: the clock cannot be moved', async () => {
    const moved = await moveClock(plain, { to_ms: Date.now() + 3_600_000 });
    expect(moved.http).toBe(404);
    expect(moved.body).toEqual({ status: 0, msg: 'not_found', data: null });
    expect(await plain.redis.get(testClockKeys(plain.prefix).offset)).toBeNull();
    expect(loadConfig({}).testFixtures).toBe(false);
  });

  it('is refused with live mode: the service does not start', () => {
    expect(() => loadConfig({ KABUTO_TEST_FIXTURES: '1', KABUTO_MODE: 'live' })).toThrow(
      /KABUTO_TEST_FIXTURES=1 is for a stack started by the tests, never live/,
    );
    expect(() => loadConfig({ KABUTO_TEST_FIXTURES: 'yes' })).toThrow(/KABUTO_TEST_FIXTURES/);
  });

  it('moves the clock forward only, for the gateway and for every process that follows it', async () => {
    const workersClock = offsetClock(() => NOW);
    const follower = await followTestClock(fixtures.redis, {
      redisPrefix: fixtures.prefix,
      clock: workersClock,
      logger: pino({ level: 'silent' }),
    });
    try {
      const moved = await moveClock(fixtures, { to_ms: NOW + 90_000 });
      expect(moved.http).toBe(200);
      expect(moved.body.data).toEqual({ now_ms: NOW + 90_000, offset_ms: 90_000 });
      expect(gatewayClock.nowMs()).toBe(NOW + 90_000);
      await expect.poll(() => workersClock.nowMs()).toBe(NOW + 90_000);
      // Never back: an earlier time leaves it where it is.
      expect((await moveClock(fixtures, { to_ms: NOW + 1_000 })).body.data.offset_ms).toBe(90_000);
      // A process started later reads the stored offset.
      const late = offsetClock(() => NOW);
      const lateFollower = await followTestClock(fixtures.redis, {
        redisPrefix: fixtures.prefix,
        clock: late,
        logger: pino({ level: 'silent' }),
      });
      expect(late.offsetMs()).toBe(90_000);
      lateFollower.stop();
    } finally {
      follower.stop();
      await deleteKeys(fixtures.redis, [`${fixtures.prefix}:test:*`]);
    }
  });

  it('forgets the rate-limit counts (a test file’s clean slate), and exists only on a test stack', async () => {
    const counted = `${fixtures.prefix}:rl:sendcode-ip:127.0.0.1`;
    const other = `${fixtures.prefix}:session:kept`;
    await fixtures.redis.set(counted, '20');
    await fixtures.redis.set(other, '1');
    const reset = await fetch(`${fixtures.baseUrl}/__test/reset-limits`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { data: { removed: number } }).data.removed).toBeGreaterThan(0);
    expect(await fixtures.redis.get(counted)).toBeNull();
    expect(await fixtures.redis.get(other)).toBe('1');
    await fixtures.redis.del(other);
    const plainCounted = `${plain.prefix}:rl:sendcode-ip:127.0.0.1`;
    await plain.redis.set(plainCounted, '20');
    const absent = await fetch(`${plain.baseUrl}/__test/reset-limits`, { method: 'POST' });
    expect(absent.status).toBe(404);
    expect(await plain.redis.get(plainCounted)).toBe('20');
    await plain.redis.del(plainCounted);
  });

  it('refuses a bad time with invalid_param (400) and anything sent through a proxy as absent', async () => {
    for (const body of [{}, { to_ms: 'soon' }, { to_ms: -5 }, { to_ms: 1.5 }]) {
      const moved = await moveClock(fixtures, body);
      expect(moved.http).toBe(400);
      expect(moved.body.msg).toBe('invalid_param');
    }
    const proxied = await moveClock(
      fixtures,
      { to_ms: NOW + 600_000 },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(proxied.http).toBe(404);
    expect(gatewayClock.nowMs()).toBeLessThan(NOW + 600_000);
  });
});
