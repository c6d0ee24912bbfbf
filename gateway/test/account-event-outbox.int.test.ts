import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import {
  accountEventArgs,
  createSocketEmitter,
  orderUpdated,
  roomForAccount,
} from '@kabuto/schema/contracts';
import { AccountEventOutbox, writeTransaction } from '@kabuto/schema/db';
import { startScratchRedis, type ScratchRedis } from '@kabuto/schema/testing';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Account events through the outbox (decision 46-H2), on a redis-server of this test's own (killed
// and restarted empty), with a worker's emitter beside the gateway as another process would be.
let server: ScratchRedis;
let t: TestGateway;
let workerRedis: Redis;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startScratchRedis();
  t = await startTestGateway({ REDIS_URL: server.url });
  t.redis.on('error', () => undefined);
  workerRedis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  workerRedis.on('error', () => undefined);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
  workerRedis.disconnect();
  await server.kill();
});

async function signedIn(): Promise<{ userId: number; seqs: number[]; socket: Socket }> {
  const session: Session = await registerAndLogin(t);
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
  });
  sockets.push(socket);
  const seqs: number[] = [];
  let signedInMarker = false;
  socket.onAny((event: string, payload: { seq: number; order_id?: string }) => {
    if (event.startsWith('quote:')) return;
    seqs.push(payload.seq);
    if (payload.order_id === 'signed-in') signedInMarker = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const row = await t.testDb.db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', session.account)
    .executeTakeFirstOrThrow();
  // Registration and login may have sent events of their own: count from what is already out,
  // known once an event sent after them has arrived (one account's events arrive in seq order).
  await t.gateway.deps.accountEvents.emit(
    Number(row.id),
    'order:updated',
    orderUpdated('cancelled', { order_id: 'signed-in', released: '0' }),
  );
  await expect.poll(() => signedInMarker, { timeout: 5000 }).toBe(true);
  return { userId: Number(row.id), seqs, socket };
}

const cancelled = (n: number) => orderUpdated('cancelled', { order_id: String(n), released: '0' });
/** A worker process's relay, as workers/src/infra/account-emitter.ts builds it: its own Redis. */
function worker(): AccountEventOutbox {
  const emitter = createSocketEmitter(workerRedis, t.prefix, () => undefined);
  return new AccountEventOutbox(t.testDb.db, (userId, event, payload, seq) => {
    void emitter.to(roomForAccount(userId)).emit(event, ...accountEventArgs(payload, seq));
  });
}

describe('account events through the outbox', () => {
  it('keeps each account’s seq across a Redis restart that lost every key', async () => {
    const { userId, seqs, socket } = await signedIn();
    const start = seqs.length;
    await t.gateway.deps.accountEvents.emit(userId, 'order:updated', cancelled(1));
    await worker().emit(userId, 'order:updated', cancelled(2));
    await expect.poll(() => seqs.length, { timeout: 3000 }).toBe(start + 2);
    const before = seqs.at(-1) as number;
    await server.kill();
    await server.start(); // empty: no key survived
    await expect.poll(() => t.redis.status, { timeout: 10_000 }).toBe('ready');
    await expect.poll(() => socket.connected, { timeout: 10_000 }).toBe(true);
    // Nothing to wait for on the gateway's side: its adapter reads the stream on from the last
    // entry it read, and a new server's entries come after it.
    await worker().emit(userId, 'order:updated', cancelled(3));
    await expect.poll(() => seqs.length, { timeout: 5000 }).toBe(start + 3);
    expect(seqs.at(-1)).toBe(before + 1);
  }, 30_000);

  it('delivers events from the gateway and a worker, sent at once, in seq order with no gap', async () => {
    const { userId, seqs } = await signedIn();
    const start = seqs.length;
    const fromWorker = worker();
    const sends = Array.from({ length: 40 }, (_, n) =>
      n % 2 === 0
        ? t.gateway.deps.accountEvents.emit(userId, 'order:updated', cancelled(n))
        : fromWorker.emit(userId, 'order:updated', cancelled(n)),
    );
    await Promise.all(sends);
    await expect.poll(() => seqs.length, { timeout: 5000 }).toBe(start + 40);
    const received = seqs.slice(start);
    const first = received[0] as number;
    expect(received).toEqual(Array.from({ length: 40 }, (_, n) => first + n));
  });

  it('relays an event committed by a process that died before relaying it, through the sweep', async () => {
    const { userId, seqs } = await signedIn();
    const start = seqs.length;
    const dead = new AccountEventOutbox(t.testDb.db, () => undefined);
    const beforeRecord = Date.now();
    await writeTransaction(t.testDb.db, async (trx) => {
      // The process dies right after COMMIT: its after-commit relay never runs.
      trx.afterCommit = () => undefined;
      await dead.record(trx, userId, 'order:updated', cancelled(9));
    });
    expect(seqs.length).toBe(start);
    // The gateway's sweep finds it once it is older than the relays' own window (2 s): nothing
    // relayed it before that.
    await expect.poll(() => seqs.length, { timeout: 12_000, interval: 200 }).toBe(start + 1);
    expect(Date.now() - beforeRecord).toBeGreaterThanOrEqual(2_000);
    const left = await t.testDb.db
      .selectFrom('account_event_outbox')
      .select('seq')
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(left).toEqual([]);
  }, 20_000);
});
