import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { redisKeys } from '@kabuto/schema/contracts';
import { createDb, dbTargetFrom } from '@kabuto/schema/db';
import { freePort, startStack, waitUntilReady, type TestStack } from '../src/testing/stack.ts';
import { startLocalProxy, type LocalProxy } from '../src/local-proxy.ts';

// Two of everything (issue 22, item 4), as `npm start -- --two` runs it: gateways A and B behind
// the local proxy, and two worker processes with both roles (jobs, and the feed under its lease).
// Real processes, one Redis prefix and one SQLite data dir; kill -9 as a crash would.
interface Session {
  readonly token: string;
  readonly account: string;
}
interface Seen {
  readonly socket: Socket;
  readonly seqs: number[];
  connects: number;
  disconnects: number;
}

const SYMBOL = '7203';
const sockets: Socket[] = [];
let stack: TestStack;
let redis: Redis;
let proxy: LocalProxy;
let gatewayA = '';
let gatewayB = '';
let gatewayBProcess: ChildProcess;
let firstWorkers: ChildProcess;

async function post(
  baseUrl: string,
  path: string,
  body: Record<string, string>,
  session?: Session,
): Promise<{ status: number; msg: string; data: any }> {
  const response = await fetch(`${baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { token: session.token, account: session.account } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

async function signedUp(name: string): Promise<Session> {
  const account = `${name}.${stack.prefix}@example.jp`;
  await redis.del(`${stack.prefix}:rl:sendcode-ip:127.0.0.1`);
  await post(gatewayA, 'common/sendcode', { account, purpose: 'register' });
  const password = 'two-pass-123';
  const registered = await post(gatewayA, 'user/register', {
    ...{ account, password, repassword: password, invite: 'KABUTO', agree: '1' },
    code: stack.outboxCode(account),
  });
  expect(registered.msg).toBe('register_ok');
  const login = await post(gatewayA, 'user/login', { account, password });
  return { token: login.data.token as string, account };
}

/** A socket as the app opens it (WebSocket only), counting connects and the account seqs it sees. */
function openSocket(baseUrl: string, session?: Session): Promise<Seen> {
  const socket = connect(baseUrl, {
    transports: ['websocket'],
    auth: session ? { token: session.token, account: session.account } : {},
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  sockets.push(socket);
  const seen: Seen = { socket, seqs: [], connects: 0, disconnects: 0 };
  socket.on('connect', () => (seen.connects += 1));
  socket.on('disconnect', () => (seen.disconnects += 1));
  for (const event of ['order:updated', 'assets:updated', 'fund:updated', 'message:created']) {
    socket.on(event, (payload: { seq: number }) => seen.seqs.push(payload.seq));
  }
  return new Promise((done, fail) => {
    socket.once('connect', () => done(seen));
    socket.once('connect_error', fail);
  });
}

/** A market order through `baseUrl`; a 502 (the proxy met a gateway that just died) is resent. */
async function placeOrder(baseUrl: string, session: Session, requestId: string): Promise<string> {
  return (await placeOrderFor(baseUrl, session, requestId)).msg;
}

async function placeOrderFor(
  baseUrl: string,
  session: Session,
  requestId: string,
): Promise<{ msg: string; data: { order_id: string } }> {
  const body = { symbol: SYMBOL, side: 'long', kind: 'market', qty: '100', leverage: '5' };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/vue/trade/order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...{ token: session.token, account: session.account },
      },
      body: new URLSearchParams({ ...body, request_id: requestId }).toString(),
    });
    if (response.status === 502) continue;
    return (await response.json()) as { msg: string; data: { order_id: string } };
  }
  throw new Error('trade/order: every attempt met a dead gateway');
}

function ticksOf(socket: Socket): number[] {
  const seqs: number[] = [];
  socket.on('quote:tick', (tick: { symbol: string; seq: number }) => {
    if (tick.symbol === SYMBOL) seqs.push(tick.seq);
  });
  return seqs;
}

async function subscribed(baseUrl: string): Promise<{ socket: Socket; seqs: number[] }> {
  const { socket } = await openSocket(baseUrl);
  const seqs = ticksOf(socket);
  expect(await socket.timeout(5000).emitWithAck('quote:subscribe', { symbols: [SYMBOL] })).toEqual({
    ok: true,
  });
  return { socket, seqs };
}

/** Polls `check` until it holds; throws at the deadline. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The account's last seq and the events still waiting in its outbox (relayed ones are deleted). */
async function outboxOf(session: Session): Promise<{ lastSeq: number; waiting: number }> {
  const db = createDb(dbTargetFrom({ databaseUrl: undefined, dataDir: stack.dataDir }));
  try {
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', session.account)
      .executeTakeFirstOrThrow();
    const seq = await db
      .selectFrom('account_event_seq')
      .select('last_seq')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    const waiting = await db
      .selectFrom('account_event_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { lastSeq: Number(seq?.last_seq ?? 0), waiting: Number(waiting.n) };
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  const env = { KABUTO_FEED_INTERVAL_MS: '100', KABUTO_TRUST_PROXY: '1' };
  stack = await startStack({ services: ['gateway'], env });
  redis = new Redis(String(stack.env['REDIS_URL']));
  gatewayA = stack.baseUrl;
  const portB = await freePort();
  gatewayB = `http://127.0.0.1:${portB}`;
  gatewayBProcess = stack.startService('gateway', { env: { PORT: String(portB) } });
  // The first worker process takes the feed lease; the second, started after, stands by.
  firstWorkers = stack.startService('workers');
  const lease = redisKeys(stack.prefix).feedLeaderLock;
  await until(async () => (await redis.get(lease)) !== null, 30_000);
  stack.startService('workers');
  await waitUntilReady(gatewayB);
  // Orders need the feed's first price (CI: an order sent before it was refused price_unavailable).
  await until(
    async () => Boolean((await post(gatewayA, 'quote/detail', { symbol: SYMBOL })).data?.price),
    30_000,
  );
  proxy = await startLocalProxy({ port: 0, upstreams: [gatewayA, gatewayB] });
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await proxy?.close();
  redis?.disconnect();
  await stack?.stop();
});

describe('two gateways and two worker processes behind the local proxy', () => {
  it('an account event from a worker or from the other gateway reaches a client on either gateway', async () => {
    const [taro, hanako] = [await signedUp('taro'), await signedUp('hanako')];
    const onA = await openSocket(gatewayA, taro);
    const onB = await openSocket(gatewayB, hanako);
    const assetsOnA = new Promise((done) => onA.socket.once('assets:updated', done));
    const assetsOnB = new Promise((done) => onB.socket.once('assets:updated', done));
    // Each claims through the other gateway; the workers recompute the assets and send the event.
    const grant = (via: string, session: Session) =>
      post(
        via,
        'user/paperfund',
        { currency: 'jpy', request_id: `grant-${session.account.split('.')[0]}` },
        session,
      );
    expect((await grant(gatewayB, taro)).msg).toBe('claim_ok');
    expect((await grant(gatewayA, hanako)).msg).toBe('claim_ok');
    await Promise.all([assetsOnA, assetsOnB]);
    // An order placed through B reaches taro on A; one through A reaches hanako on B.
    const orderOnA = new Promise((done) => onA.socket.once('order:updated', done));
    const orderOnB = new Promise((done) => onB.socket.once('order:updated', done));
    expect(await placeOrder(gatewayB, taro, 'two-order-a-1')).toBe('purchase_ok');
    expect(await placeOrder(gatewayA, hanako, 'two-order-b-1')).toBe('purchase_ok');
    await Promise.all([orderOnA, orderOnB]);
  }, 30_000);

  it('quote ticks fan out from both gateways', async () => {
    const [a, b] = [await subscribed(gatewayA), await subscribed(gatewayB)];
    // The same prints reach both: a seq each socket has seen (past the latest sent on subscribe).
    await expect
      .poll(() => a.seqs.slice(1).filter((seq) => b.seqs.includes(seq)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(2);
  }, 20_000);

  it('kill -9 a gateway: its client reconnects through the proxy to the other, resyncs, and no account event is lost', async () => {
    const jiro = await signedUp('jiro');
    const viaProxy = `http://127.0.0.1:${proxy.port}`;
    expect(
      (await post(viaProxy, 'user/paperfund', { currency: 'jpy', request_id: 'grant-jiro' }, jiro))
        .msg,
    ).toBe('claim_ok');
    // Round robin: the two sockets of the account go to different gateways.
    const first = await openSocket(viaProxy, jiro);
    const second = await openSocket(viaProxy, jiro);
    const orders = [(await placeOrderFor(viaProxy, jiro, 'two-kill-order-0')).data.order_id];
    const bothSawAll = async () => {
      const { lastSeq, waiting } = await outboxOf(jiro);
      return waiting === 0 && [first, second].every((s) => s.seqs.includes(lastSeq));
    };
    await until(bothSawAll, 10_000);
    gatewayBProcess.kill('SIGKILL');
    // Orders while B's client is away, through the proxy (to A once it has seen B go).
    for (const n of [1, 2]) {
      const placed = await placeOrderFor(viaProxy, jiro, `two-kill-order-${n}`);
      expect(placed.msg).toBe('purchase_ok');
      orders.push(placed.data.order_id);
    }
    await until(() => first.disconnects + second.disconnects > 0, 10_000);
    const [away, stayed] = first.disconnects > 0 ? [first, second] : [second, first];
    expect(stayed.disconnects).toBe(0);
    await until(() => away.connects === 2, 15_000);
    expect(proxy.upstreamsUp()).toEqual([gatewayA]);
    // The resync a reconnect starts: the REST snapshot holds every order, also those it missed.
    const list = await post(viaProxy, 'trade/userstocklist', { type: 'jpy' }, jiro);
    const held = Object.values(list.data as Record<string, unknown>).flatMap((row) =>
      typeof row === 'object' && row ? [(row as { order_id: string }).order_id] : [],
    );
    expect(held).toEqual(expect.arrayContaining(orders));
    // Events after the reconnect reach it again, on gateway A.
    const missedUpTo = Math.max(...away.seqs);
    orders.push((await placeOrderFor(viaProxy, jiro, 'two-kill-order-3')).data.order_id);
    await until(bothSawAll, 10_000);
    const { lastSeq } = await outboxOf(jiro);
    // Nothing lost: the socket that stayed saw every seq; the one that moved saw every seq but
    // those sent while it was away, and the resync above covers those.
    const first1 = Math.min(...stayed.seqs);
    expect([...new Set(stayed.seqs)].sort((a, b) => a - b)).toEqual(
      Array.from({ length: lastSeq - first1 + 1 }, (_, i) => first1 + i),
    );
    expect(away.seqs.filter((seq) => seq > missedUpTo).length).toBeGreaterThan(0);
    expect(Math.max(...away.seqs)).toBe(lastSeq);
  }, 45_000);

  it('kill -9 the feed leader: the other worker process takes over and the tick seq goes on', async () => {
    const lease = redisKeys(stack.prefix).feedLeaderLock;
    const leader = await redis.get(lease);
    const { seqs } = await subscribed(gatewayA);
    await until(() => seqs.length > 2, 10_000);
    firstWorkers.kill('SIGKILL');
    const before = Math.max(...seqs);
    const killedAt = seqs.length;
    await until(async () => ![null, leader].includes(await redis.get(lease)), 20_000);
    // The new leader's prints: each past the last one the dead leader sent, none from 1 again.
    await until(() => seqs.slice(killedAt).filter((seq) => seq > before).length > 2, 20_000);
    expect(Math.min(...seqs.slice(killedAt))).toBeGreaterThanOrEqual(before);
    const after = seqs.slice(killedAt);
    expect([...after].sort((a, b) => a - b)).toEqual(after);
  }, 45_000);
});
