import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createSocketEmitter, orderUpdated, roomForAccount } from '@kabuto/schema/contracts';
import { startScratchRedis, type ScratchRedis } from '@kabuto/schema/testing';
import {
  PASSWORD,
  registerAndLogin,
  startTestGateway,
  uniqueMobile,
  type Envelope,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Issue 22: a Redis restart that lost its data (a redis-server of this test's own, without
// persistence, killed and started empty). The limits that guard secrets live in the database and
// survive it; socket events go through the adapter's stream and arrive; nothing rejects unhandled.
let server: ScratchRedis;
let t: TestGateway;
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);
const consoleErrors = vi.spyOn(console, 'error');
const unhandledRedisErrors = () =>
  consoleErrors.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event'));

beforeAll(async () => {
  process.on('unhandledRejection', recordUnhandled);
  server = await startScratchRedis();
  t = await startTestGateway({ REDIS_URL: server.url, KABUTO_TRUST_PROXY: '1' });
  t.redis.on('error', () => undefined); // the test's own client
}, 60_000);

afterAll(async () => {
  await server.start();
  await t.close();
  await server.kill();
  process.off('unhandledRejection', recordUnhandled);
  consoleErrors.mockRestore();
});

/** Kills the server (its data is lost with it) and starts it again empty; resolves once the gateway is back. */
async function restartRedis(whileDown: () => Promise<void> = async () => undefined): Promise<void> {
  const canary = `${t.prefix}:canary`;
  await t.redis.set(canary, '1');
  await server.kill();
  await expect.poll(() => t.gateway.deps.redis.status, { timeout: 10_000 }).not.toBe('ready');
  await whileDown();
  await server.start();
  await expect.poll(() => t.gateway.deps.redis.status, { timeout: 10_000 }).toBe('ready');
  expect(await t.redis.exists(canary)).toBe(0); // the data is lost
}

/** Until the gateway's connection has tried to reconnect `times` more times. */
function reconnectAttempts(times: number): Promise<void> {
  const client = t.gateway.deps.redis;
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

async function login(account: string, password: string, ip: string): Promise<string> {
  const response = await fetch(`${t.baseUrl}/api/vue/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ account, password }).toString(),
  });
  return ((await response.json()) as Envelope).msg;
}

const tally = (answers: string[]) =>
  answers.reduce<Record<string, number>>(
    (seen, msg) => ({ ...seen, [msg]: (seen[msg] ?? 0) + 1 }),
    {},
  );

describe('a Redis restart that lost its data', () => {
  it('leaves a locked account locked and a blocked address blocked, and rejects nothing unhandled', async () => {
    const locked = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const ip = '203.0.113.10';
    const wrong = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(locked.account, `wrong-${i}-pass`, ip)),
    );
    expect(tally(wrong)).toEqual({ wrong_credentials: 10, too_frequent: 20 });
    // An address that failed 100 times over many accounts is blocked.
    const blockedIp = '203.0.113.11';
    const strangers = Array.from({ length: 20 }, () => uniqueMobile());
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(strangers.map((account) => login(account, `guess-${round}`, blockedIp)));
    }
    expect(await login(other.account, PASSWORD, blockedIp)).toBe('too_frequent');

    await restartRedis();

    // No check runs: not the right password, not 30 more wrong ones.
    expect(await login(locked.account, PASSWORD, ip)).toBe('too_frequent');
    const again = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(locked.account, `again-${i}-pass`, ip)),
    );
    expect(tally(again)).toEqual({ too_frequent: 30 });
    expect(await login(other.account, PASSWORD, blockedIp)).toBe('too_frequent');
    // Only they are refused: the other account signs in from another address.
    expect(await login(other.account, PASSWORD, '203.0.113.12')).toBe('login_ok');
    expect(unhandled).toEqual([]);
    expect(unhandledRedisErrors()).toEqual([]);
  }, 60_000);

  it('delivers the events sent while Redis was down, and those sent after, to a connected socket', async () => {
    const session: Session = await registerAndLogin(t);
    const userId = Number(
      (
        await t.testDb.db
          .selectFrom('app_user')
          .select('id')
          .where('account', '=', session.account)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const socket: Socket = connect(t.baseUrl, {
      transports: ['websocket'],
      auth: { token: session.token, account: session.account },
      forceNew: true,
    });
    const orders: string[] = [];
    socket.on('order:updated', (event: { order_id: string }) => orders.push(event.order_id));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const cancelled = (id: string) => orderUpdated('cancelled', { order_id: id, released: '0' });
    try {
      await t.gateway.deps.accountEvents.emit(userId, 'order:updated', cancelled('before'));
      await expect.poll(() => orders, { timeout: 5_000 }).toContain('before');

      await restartRedis(async () => {
        // Each waits for Redis instead of rejecting: the outbox's relay, the adapter's broadcast,
        // a topic update and a scrape of the metrics.
        await t.gateway.deps.accountEvents.emit(userId, 'order:updated', cancelled('relayed'));
        t.gateway
          .io()
          .to(roomForAccount(userId))
          .emit('order:updated', {
            ...cancelled('broadcast'),
            seq: 0,
          });
        t.gateway.deps.topics.publish({
          topic: 'block',
          key: '1',
          data: { offer_id: '1', lots_left: 1, lots_applied: 0, applicants: 0 },
        });
        expect((await fetch(`${t.baseUrl}/metrics`)).status).toBeGreaterThanOrEqual(200);
        // Long enough down that a command with a retry limit (the gateway's 3) would have failed.
        await reconnectAttempts(4);
      });
      await expect
        .poll(() => orders, { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['relayed', 'broadcast']));
      await t.gateway.deps.accountEvents.emit(userId, 'order:updated', cancelled('after'));
      // Another process's emitter (a worker's), to every socket.
      const worker = createSocketEmitter(t.redis, t.prefix, (error) => unhandled.push(error));
      await worker.emit('order:updated', { ...cancelled('to-everyone'), seq: 0 });
      await expect
        .poll(() => orders, { timeout: 5_000 })
        .toEqual(expect.arrayContaining(['after', 'to-everyone']));
      expect(socket.connected).toBe(true);
      expect(unhandled).toEqual([]);
      expect(unhandledRedisErrors()).toEqual([]);
    } finally {
      socket.disconnect();
    }
  }, 60_000);
});
