import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createGateway, type Gateway } from '../src/app.ts';
import { orderUpdated } from '@kabuto/schema/contracts';
import {
  PASSWORD,
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Every path that ends a session disconnects that session's sockets, on every gateway, and they
// get no account event after it. A second gateway shares the database and Redis (the adapter), as
// several gateway processes do in production; its session sweep is off, so its sockets can only
// be reached through the adapter: the calls' own disconnects are what the tests on it show. The
// first gateway sweeps every 500 ms, which is what catches a ban, a freeze or a database revocation.
let t: TestGateway;
let second: { gateway: Gateway; baseUrl: string; redis: Redis };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestGateway();
  const redis = new Redis(t.gateway.deps.config.redisUrl, { maxRetriesPerRequest: 3 });
  const gateway = createGateway({
    config: t.gateway.deps.config,
    db: t.testDb.db,
    redis,
    logger: pino({ level: 'silent' }),
    sessionSweepMs: 60 * 60 * 1000,
  });
  second = { gateway, redis, baseUrl: `http://127.0.0.1:${await gateway.listen(0)}` };
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await second.gateway.close();
  second.redis.disconnect();
  await t.close();
});

/** A signed-in socket that records every account event it gets and when it was disconnected. */
interface Watched {
  readonly socket: Socket;
  readonly events: string[];
  readonly disconnected: Promise<string>;
}

async function watch(session: Session, baseUrl = t.baseUrl): Promise<Watched> {
  const socket = connect(baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  const events: string[] = [];
  socket.onAny((event: string) => {
    if (!event.startsWith('quote:')) events.push(event);
  });
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, events, disconnected };
}

async function secondSession(session: Session): Promise<Session> {
  const login = await t.call('user/login', { account: session.account, password: PASSWORD });
  return { token: login.body.data.token as string, account: session.account };
}

async function userIdOf(session: Session): Promise<number> {
  const row = await t.testDb.db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', session.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Sends an account event the way the workers and calls do, and waits until `live` has it. */
const FILLED = orderUpdated('filled', { order_id: '1', position_id: '1' });

async function sendAccountEvents(userId: number, live: Watched): Promise<void> {
  const before = live.events.length;
  await t.gateway.deps.accountEvents.emit(userId, 'order:updated', FILLED);
  await t.gateway.deps.accountEvents.emit(userId, 'assets:updated', { reason: 'test' });
  await expect.poll(() => live.events.length, { timeout: 3000 }).toBe(before + 2);
}

const withinMs = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms),
    ),
  ]);

describe('a session that ends disconnects its sockets', () => {
  it('user/changePassword: the other session’s socket on another gateway is disconnected and gets no more account events; the caller’s stays', async () => {
    const session = await registerAndLogin(t);
    const other = await secondSession(session);
    const userId = await userIdOf(session);
    const own = await watch(session);
    const elsewhere = await watch(other, second.baseUrl);
    await sendAccountEvents(userId, own);
    await expect.poll(() => elsewhere.events.length).toBe(2);
    const changed = await t.call(
      'user/changePassword',
      { oldpassword: PASSWORD, password: 'new-password-1', repassword: 'new-password-1' },
      session,
    );
    expect(changed.body.msg).toBe('modify_ok');
    expect(await withinMs(elsewhere.disconnected, 1000)).toBe('io server disconnect');
    await sendAccountEvents(userId, own);
    expect(elsewhere.events).toEqual(['order:updated', 'assets:updated']);
    expect(own.socket.connected).toBe(true);
  });

  it('user/revokeSession: the revoked session’s socket is disconnected; the caller’s stays', async () => {
    const session = await registerAndLogin(t);
    const other = await secondSession(session);
    const own = await watch(session);
    const revokedSocket = await watch(other, second.baseUrl);
    const list = (await t.call('user/sessions', {}, session)).body.data as Array<{
      id: number;
      current: boolean;
    }>;
    const otherId = list.find((s) => !s.current)?.id ?? 0;
    expect((await t.call('user/revokeSession', { id: String(otherId) }, session)).body.msg).toBe(
      'revoke_ok',
    );
    expect(await withinMs(revokedSocket.disconnected, 1000)).toBe('io server disconnect');
    await sendAccountEvents(await userIdOf(session), own);
    expect(revokedSocket.events).toEqual([]);
  });

  it('user/logout on one gateway disconnects that session’s socket on the other', async () => {
    const session = await registerAndLogin(t);
    const elsewhere = await watch(session, second.baseUrl);
    expect((await t.call('user/logout', {}, session)).body.msg).toBe('logout_ok');
    expect(await withinMs(elsewhere.disconnected, 1000)).toBe('io server disconnect');
  });

  it.each(['frozen', 'banned'] as const)(
    'an account %s in the database loses its sockets within a second and gets no more account events',
    async (status) => {
      const session = await registerAndLogin(t);
      const userId = await userIdOf(session);
      const here = await watch(session);
      const elsewhere = await watch(await secondSession(session));
      await t.testDb.db
        .updateTable('app_user')
        .set({ status })
        .where('id', '=', BigInt(userId))
        .execute();
      expect(await withinMs(here.disconnected, 1000)).toBe('io server disconnect');
      expect(await withinMs(elsewhere.disconnected, 1000)).toBe('io server disconnect');
      await t.gateway.deps.accountEvents.emit(userId, 'order:updated', FILLED);
      // Once another user's events have arrived, the ones sent before them have too.
      const liveSession = await registerAndLogin(t);
      await sendAccountEvents(await userIdOf(liveSession), await watch(liveSession));
      expect([...here.events, ...elsewhere.events]).toEqual([]);
    },
  );

  it('sessions revoked in the database by an operator (an admin reset) lose their sockets within a second', async () => {
    const session = await registerAndLogin(t);
    const userId = await userIdOf(session);
    const socket = await watch(session);
    await t.testDb.db
      .updateTable('session')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(await withinMs(socket.disconnected, 1000)).toBe('io server disconnect');
  });

  it('a socket that reconnects with its revoked token is anonymous: no account event reaches it', async () => {
    const session = await registerAndLogin(t);
    const userId = await userIdOf(session);
    const first = await watch(session);
    expect((await t.call('user/logout', {}, session)).body.msg).toBe('logout_ok');
    expect(await withinMs(first.disconnected, 1000)).toBe('io server disconnect');
    const again = await watch(session);
    const liveSession = await registerAndLogin(t);
    const live = await watch(liveSession);
    await t.gateway.deps.accountEvents.emit(userId, 'order:updated', FILLED);
    // Once another user's events have arrived, the ones sent before them have too.
    await sendAccountEvents(await userIdOf(liveSession), live);
    expect(again.events).toEqual([]);
  });

  it('a socket of a live session stays connected through the sweeps', async () => {
    const session = await registerAndLogin(t);
    const socket = await watch(session);
    // Two sweeps pass (not a time): each cuts off a probe session revoked straight in the
    // database, which only the sweep notices; the live session's socket stays through both.
    for (let sweep = 0; sweep < 2; sweep += 1) {
      const probeSession = await registerAndLogin(t);
      const probe = await watch(probeSession);
      await t.testDb.db
        .updateTable('session')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', BigInt(await userIdOf(probeSession)))
        .execute();
      expect(await withinMs(probe.disconnected, 3000)).toBe('io server disconnect');
      expect(socket.socket.connected).toBe(true);
    }
    await sendAccountEvents(await userIdOf(session), socket);
  });
});
