import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '@kabuto/schema/db';
import { startScratchRedis, type ScratchRedis } from '@kabuto/schema/testing';
import { startStack, waitUntilReady, type TestStack } from '../../src/testing/stack.ts';
import {
  consecutive,
  fundedUser,
  killHard,
  post,
  recordAccountEvents,
  requestId,
  unhandledLines,
  until,
  type EventLog,
  type Session,
} from './support/chaos-kit.ts';
import { chaosDatabase, openStackDb } from './support/chaos-database.ts';
import { LOAD_ORDER, orderLoad } from './support/order-load.ts';

// Issue 22 item 5: the whole stack (gateway, jobs and feed processes, a redis-server of the test's
// own without persistence, SQLite or the DATABASE_URL server) under order load while each process
// kind is killed with SIGKILL and Redis is restarted empty. After each: every answered order
// exists once, no job is applied twice, the ledger reconciles, the stack answers again within
// 10 s, a connected client has every account event by seq, and no process logged an unhandled
// rejection.
const RECOVERY_MS = 10_000;
let redis: ScratchRedis;
let stack: TestStack;
let db: Db;
let database: Awaited<ReturnType<typeof chaosDatabase>>;
const processes: Partial<Record<'gateway' | 'jobs' | 'feed', ChildProcess>> = {};
const logs: EventLog[] = [];

function start(name: 'gateway' | 'jobs' | 'feed'): ChildProcess {
  const child = stack.startService(name);
  processes[name] = child;
  return child;
}

async function userId(session: Session): Promise<bigint> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', session.account)
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

/** The account's last seq (every event ever committed) and how many still wait to be relayed. */
async function events(id: bigint): Promise<{ last: number; waiting: number }> {
  const seq = await db
    .selectFrom('account_event_seq')
    .select('last_seq')
    .where('user_id', '=', id)
    .executeTakeFirst();
  const waiting = await db
    .selectFrom('account_event_outbox')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  return { last: Number(seq?.last_seq ?? 0), waiting: Number(waiting.n) };
}

/** A market order goes through: the gateway, its database and the feed's quotes in Redis. */
async function ordersWork(session: Session): Promise<boolean> {
  const placed = await post(
    stack,
    'trade/order',
    { ...LOAD_ORDER, request_id: requestId() },
    session,
  );
  return placed.msg === 'purchase_ok';
}

function reconciles(): void {
  const result = stack.runScript('scripts/src/reconcile.ts');
  expect(result.stdout).toContain('0 breaches');
  expect(result.status).toBe(0);
}

beforeAll(async () => {
  if (process.env['KABUTO_CHAOS_PROCESSES'] !== '1') return;
  redis = await startScratchRedis();
  database = await chaosDatabase(process.env['DATABASE_URL']);
  stack = await startStack({
    services: [],
    env: { REDIS_URL: redis.url, KABUTO_FEED_INTERVAL_MS: '100' },
    databaseUrl: database.url,
    captureLogs: true,
  });
  start('gateway');
  start('jobs');
  start('feed');
  await waitUntilReady(stack.baseUrl);
  db = openStackDb(stack);
}, 90_000);

afterAll(async () => {
  for (const log of logs) log.close();
  await db?.destroy();
  await stack?.stop();
  await redis?.kill();
  await database?.dispose();
});

// Not yet in CI (KABUTO_CHAOS_PROCESSES=1 runs it): on 2026-11-27 three checks still failed in a
// full chaos run beside the fuzz: a connected client missed one account event across the Redis
// restart (seq 12 of 2..20, outbox drained: 2 runs of 3), the matcher filled nothing for 30 s
// after its second SIGKILL (round 2), and the restarted gateway took 12.6 s to take orders.
describe.runIf(process.env['KABUTO_CHAOS_PROCESSES'] === '1')(
  'chaos: kill -9 each process kind, restart Redis',
  () => {
    it('the gateway killed under order load: every answered order exists once, the retries find theirs, the ledger reconciles and the client resyncs', async () => {
      const trader = await fundedUser(stack, 'gwkill');
      await until('the feed quotes Toyota', () => ordersWork(trader), 20_000);
      const log = await recordAccountEvents(stack, trader);
      logs.push(log);
      const load = orderLoad(stack, trader, 4, 120);
      await until('orders under load', () => load.answered().length >= 12, 20_000);
      await killHard(processes.gateway!);
      await until('the load notices', () => load.sent.some((o) => o.error !== null));
      const restarted = Date.now();
      start('gateway');
      await waitUntilReady(stack.baseUrl);
      await until('orders go through again', () => ordersWork(trader), RECOVERY_MS);
      const recoveredMs = Date.now() - restarted;
      await load.stop();

      // Each order the kill cut off is sent again with its request id: it is placed now, or it had
      // been placed before the kill and the same order comes back.
      const unanswered = load.sent.filter((o) => o.answer === null);
      expect(unanswered.length).toBeGreaterThan(0);
      for (const order of unanswered) {
        order.answer = await post(
          stack,
          'trade/order',
          { ...LOAD_ORDER, request_id: order.requestId },
          trader,
        );
      }
      const answers = load.sent.map((o) => o.answer!);
      expect(answers.filter((a) => a.http >= 500)).toEqual([]);
      expect(answers.filter((a) => a.msg !== 'purchase_ok').map((a) => a.msg)).toEqual([]);
      const answeredIds = new Set(answers.map((a) => String(a.data.order_id)));
      expect(answeredIds.size).toBe(load.sent.length);
      const id = await userId(trader);
      const stored = await db
        .selectFrom('trade_order')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      // Every stored order was answered (two probes besides the load), and none twice.
      const storedIds = stored.map((o) => String(o.id));
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect(storedIds.filter((o) => !answeredIds.has(o)).length).toBe(
        storedIds.length - answeredIds.size,
      );
      expect(storedIds.length - answeredIds.size).toBeLessThanOrEqual(3); // the ordersWork probes
      for (const o of answeredIds) expect(storedIds).toContain(o);

      // The client reconnected by itself; every event was committed and relayed (the outbox is
      // empty), and from its reconnect on it has every one in seq order.
      await until('the client reconnects', () => log.connections.length >= 2, RECOVERY_MS);
      expect(await ordersWork(trader)).toBe(true);
      await until('every event relayed', async () => (await events(id)).waiting === 0, RECOVERY_MS);
      const { last } = await events(id);
      await until('the last event arrives', () => log.all().includes(last), RECOVERY_MS);
      for (const seqs of log.connections) expect(consecutive(seqs)).toBe(true);
      expect(recoveredMs).toBeLessThan(RECOVERY_MS);
      reconciles();
    }, 60_000);

    it('the workers killed while they fill limit orders: each order fills once, with one position', async () => {
      const trader = await fundedUser(stack, 'jobkill');
      const log = await recordAccountEvents(stack, trader);
      logs.push(log);
      const id = await userId(trader);
      // Waves of resting limits a tick or two either side of the last price: the feed's prints
      // cross them within seconds, and the matcher in the jobs process fills them.
      const placed: string[] = [];
      const wave = async () => {
        const detail = await post(stack, 'quote/detail', { symbol: '7203' });
        const last = Math.round(Number(detail.data.price));
        for (let i = 0; i < 6; i += 1) {
          const offset = (i % 2) + 1;
          const side = i % 4 < 2 ? 'long' : 'short';
          const price = String(side === 'long' ? last - offset : last + offset);
          const answer = await post(
            stack,
            'trade/order',
            { ...LOAD_ORDER, kind: 'limit', side, price, request_id: requestId() },
            trader,
          );
          // Resting for the matcher, or (the price moved past it meanwhile) filled at once.
          expect(['order_placed', 'purchase_ok']).toContain(answer.msg);
          placed.push(String(answer.data.order_id));
        }
      };
      const filled = async () =>
        Number(
          (
            await db
              .selectFrom('trade_order')
              .select(sql<number>`count(*)`.as('n'))
              .where('user_id', '=', id)
              .where('status', '=', 'filled')
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Killed twice while it fills, each time with a fresh wave to fill after the restart.
      let refilledMs = 0;
      for (let round = 0; round < 3; round += 1) {
        const before = await filled();
        await wave();
        const restarted = Date.now();
        await until(
          `the matcher fills (round ${round})`,
          async () => (await filled()) > before,
          30_000,
        );
        if (round > 0) refilledMs = Math.max(refilledMs, Date.now() - restarted);
        if (round < 2) {
          await killHard(processes.jobs!);
          start('jobs');
        }
      }

      const orders = await db
        .selectFrom('trade_order')
        .select(['id', 'status'])
        .where('user_id', '=', id)
        .execute();
      const positions = await db
        .selectFrom('position')
        .select(['order_id'])
        .where('user_id', '=', id)
        .execute();
      const positionsOf = new Map<string, number>();
      for (const p of positions) {
        positionsOf.set(String(p.order_id), (positionsOf.get(String(p.order_id)) ?? 0) + 1);
      }
      const filledIds = orders.filter((o) => o.status === 'filled').map((o) => String(o.id));
      // One position per filled order, none for an unfilled one, none twice.
      expect([...positionsOf.values()].every((n) => n === 1)).toBe(true);
      expect([...positionsOf.keys()].sort()).toEqual([...filledIds].sort());
      expect(placed.every((o) => orders.some((row) => String(row.id) === o))).toBe(true);
      // The client stayed connected through both kills: every event, each once, in seq order.
      await until('every event relayed', async () => (await events(id)).waiting === 0, RECOVERY_MS);
      const { last: lastSeq } = await events(id);
      await until('the last event arrives', () => log.all().includes(lastSeq), RECOVERY_MS);
      expect(log.connections).toHaveLength(1);
      expect(consecutive(log.all())).toBe(true);
      expect(log.all().at(-1)).toBe(lastSeq);
      expect(refilledMs).toBeLessThan(RECOVERY_MS + 5_000); // a start, then the matcher's book
      reconciles();
    }, 90_000);

    it('the feed killed: a new feed ticks again within 10 s of its start', async () => {
      const trader = await fundedUser(stack, 'feedkill');
      const detail = async () =>
        (await post(stack, 'quote/detail', { symbol: '7203' })).data as {
          price: string;
          seq?: number;
          ts?: number;
        };
      await killHard(processes.feed!);
      const restarted = Date.now();
      start('feed');
      const seenAt = (await detail()).ts ?? 0;
      await until(
        'a fresh quote',
        async () => ((await detail()).ts ?? 0) > Math.max(seenAt, restarted),
        RECOVERY_MS + 5_000,
      );
      expect(await ordersWork(trader)).toBe(true);
      reconciles();
    }, 60_000);

    it('Redis restarted without its data under order load: orders go through again within 10 s, a connected client loses no event, nothing rejects unhandled', async () => {
      const trader = await fundedUser(stack, 'redis');
      const log = await recordAccountEvents(stack, trader);
      logs.push(log);
      const id = await userId(trader);
      const load = orderLoad(stack, trader, 3, 120);
      await until('orders under load', () => load.answered().length >= 8, 20_000);
      await redis.kill();
      // Down until the gateway has seen it (its readiness probe fails), not a blip.
      await until('the gateway sees Redis down', async () => {
        const probe = await fetch(`${stack.baseUrl}/readyz`);
        return probe.status === 503;
      });
      await redis.start();
      const restarted = Date.now();
      await until('orders go through again', () => ordersWork(trader), RECOVERY_MS);
      const recoveredMs = Date.now() - restarted;
      await load.stop();
      // While Redis is down the gateway refuses an order (503 service_unavailable), and until the
      // feed has quoted again after the restart (price_unavailable): nothing written either way.
      // Nothing else fails, and every order it took is stored once.
      const answers = load.sent.filter((o) => o.answer).map((o) => o.answer!);
      const refused = answers.filter((a) => a.msg !== 'purchase_ok');
      const clean = (a: { http: number; msg: string }) =>
        (a.http === 503 && a.msg === 'service_unavailable') ||
        (a.http === 200 && a.msg === 'price_unavailable');
      expect(refused.filter((a) => !clean(a))).toEqual([]);
      expect(load.sent.filter((o) => o.error !== null).map((o) => o.error)).toEqual([]);
      const taken = new Set(
        answers.filter((a) => a.msg === 'purchase_ok').map((a) => String(a.data.order_id)),
      );
      const stored = await db
        .selectFrom('trade_order')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      const probes = stored.filter((o) => !taken.has(String(o.id)));
      expect(stored.length - probes.length).toBe(taken.size);
      expect(probes.length).toBeLessThanOrEqual(12); // the ordersWork probes while it recovered

      await until('every event relayed', async () => (await events(id)).waiting === 0, RECOVERY_MS);
      const { last } = await events(id);
      await until('the last event arrives', () => log.all().includes(last), RECOVERY_MS);
      expect(log.connections).toHaveLength(1);
      const seqs = log.all();
      const first = seqs[0] ?? 0;
      expect(seqs).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
      expect(recoveredMs).toBeLessThan(RECOVERY_MS);
      reconciles();
    }, 60_000);

    it('no process logged an unhandled rejection, and none died but those killed', () => {
      expect(unhandledLines(stack)).toEqual([]);
      for (const child of Object.values(processes)) expect(child?.exitCode).toBeNull();
    });
  },
);
