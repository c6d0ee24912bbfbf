import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { roomForAccount } from '@kabuto/schema/contracts';
import { startScratchRedis, type ScratchRedis } from '@kabuto/schema/testing';
import {
  quoteToyota,
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// A Redis outage under the real gateway: a redis-server of this test's own, killed and restarted
// (the shared server on 6379 is never touched).
let server: ScratchRedis;
let t: TestGateway;
let s: Session;
let ids = 0;
const requestId = () => `outage-req-${String((ids += 1)).padStart(6, '0')}`;
const consoleErrors = vi.spyOn(console, 'error');
const unhandledRedisErrors = () =>
  consoleErrors.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event'))
    .length;

/** Until `client` has tried to reconnect `times` more times (each failed try is an error event). */
function reconnectAttempts(client: Redis, times: number): Promise<void> {
  return new Promise((done) => {
    let seen = 0;
    const counted = () => {
      seen += 1;
      if (seen < times) return;
      client.off('reconnecting', counted);
      done();
    };
    client.on('reconnecting', counted);
  });
}

const quote = () => quoteToyota(t);

const order = () =>
  t.call(
    'trade/order',
    {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '1',
      request_id: requestId(),
    },
    s,
  );
const written = async () => {
  const count = async (table: 'journal' | 'trade_order' | 'position') =>
    Number(
      (
        await t.testDb.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const cash = await t.testDb.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', 'cash')
    .where('currency', '=', 'JPY')
    .where('user_id', 'is not', null)
    .execute();
  return {
    journals: await count('journal'),
    orders: await count('trade_order'),
    positions: await count('position'),
    cash: cash.map((r) => r.balance),
  };
};

beforeAll(async () => {
  server = await startScratchRedis();
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open', REDIS_URL: server.url });
  t.redis.on('error', () => undefined); // the test's own client; the gateway's connections are what is checked
  s = await registerAndLogin(t);
  await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
  await quote();
}, 60_000);

afterAll(async () => {
  await server.start();
  await t.close();
  await server.kill();
  consoleErrors.mockRestore();
});

describe('Redis down', () => {
  it('an order answers 503 service_unavailable at once and writes nothing; after the restart orders fill again', async () => {
    expect((await order()).body.msg).toBe('purchase_ok');
    const before = await written();
    await server.kill();
    await expect.poll(() => t.redis.status, { timeout: 10_000 }).not.toBe('ready');
    const startedAt = Date.now();
    const refused = await order();
    const tookMs = Date.now() - startedAt;
    expect({ http: refused.http, status: refused.body.status, msg: refused.body.msg }).toEqual({
      http: 503,
      status: 0,
      msg: 'service_unavailable',
    });
    // Not a timing assertion: only that it did not wait for ioredis's retries (seconds).
    expect(tookMs).toBeLessThan(2_500);
    expect(
      (
        await t.call(
          'trade/preview',
          { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' },
          s,
        )
      ).http,
    ).toBe(503);
    expect(await written()).toEqual(before);
    // A call without the early check still answers 503, not 500, once its command fails.
    const detail = await t.call('quote/detail', { symbol: '7203', lang: 'us' });
    expect({ http: detail.http, msg: detail.body.msg }).toEqual({
      http: 503,
      msg: 'service_unavailable',
    });
    // An account event sent while Redis is down (the adapter publishes it) waits for the reconnect
    // instead of becoming an unhandled rejection.
    t.gateway
      .io()
      .to(roomForAccount(0))
      .emit('order:updated', { reason: 'cancelled', order_id: '0', released: '0', seq: 0 });
    await reconnectAttempts(t.gateway.deps.redis, 3); // failed reconnects meanwhile, each an error event
    expect(unhandledRedisErrors()).toBe(0);
    await server.start();
    await expect.poll(() => t.redis.status, { timeout: 10_000 }).toBe('ready');
    await quote(); // in production the feed rewrites it (workers/test/redis-outage.int.test.ts)
    expect((await order()).body.msg).toBe('purchase_ok');
    expect((await written()).orders).toBe(before.orders + 1);
    expect(unhandledRedisErrors()).toBe(0);
  });
});
