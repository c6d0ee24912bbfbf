import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { redisKeys, type Clock } from '@kabuto/schema/contracts';
import { AccountEventOutbox, reconcile, type Db } from '@kabuto/schema/db';
import { sessionOn } from '@kabuto/schema/intraday';
import { anIntradayBook, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { feedClosingPrice } from '../src/jobs/intraday-settlement/closing-price.ts';
import {
  settleSession,
  type SettlementDeps,
} from '../src/jobs/intraday-settlement/intraday-settle.ts';

// Red team of the intraday settlement (SQLite, or PostgreSQL with DATABASE_URL): two workers
// settling one session at once on two connections, and a loss larger than the hold.
let testDb: TestDb;
let redis: Redis;
const prefix = `itdrt${randomBytes(4).toString('hex')}`;
const outboxes: AccountEventOutbox[] = [];
const others: Db[] = [];

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  await Promise.all(outboxes.map((o) => o.drain()));
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  redis.disconnect();
  for (const db of others) await db.destroy();
  await testDb.cleanup();
});

async function closeQuote(symbol: string, price: string, date: string) {
  const snapshot = { symbol, price, date, phase: 'closed', source: 'test' };
  await redis.hset(redisKeys(prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

function depsAt(db: Db, nowMs: number): SettlementDeps {
  const outbox = new AccountEventOutbox(
    db,
    () => undefined,
    () => nowMs,
  );
  outboxes.push(outbox);
  const clock: Clock = { nowMs: () => nowMs };
  return {
    db,
    clock,
    emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
    closingPrice: feedClosingPrice({ db, redis, redisPrefix: prefix }),
    forcedCloseFee: { JP: 3_575n, US: 0n, CN: 0n },
    chunk: 2,
  };
}

const journalsOf = async (db: Db, kind: string, reference: string) =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from journal
        where kind = ${kind} and reference = ${reference}`.execute(db)
    ).rows[0]!.n,
  );

const userMoney = async (db: Db, userId: bigint) =>
  (
    await db
      .selectFrom('ledger_account')
      .select(['kind', 'balance'])
      .where('owner_key', '=', `u:${userId}`)
      .where('kind', 'in', ['cash', 'hold:intraday', 'margin'])
      .orderBy('kind')
      .execute()
  ).map((r) => `${r.kind} ${r.balance}`);

describe('intraday settlement red team', () => {
  it('two workers settling one JP session at once on two connections: each position closed once, one fee, one release, one message per application', async () => {
    const db = testDb.db;
    const session = sessionOn('JP', '2026-11-24');
    const apps = await anIntradayBook(db, {
      ...{ market: 'JP', session, amount: 1_000_000n, users: 4, positionsPerUser: 3 },
      symbols: [
        { symbol: '7203', price: 28_500n },
        { symbol: '6758', price: 26_665n, side: 'short' },
      ],
      ...{ qty: 100n, grant: 2_000_000n },
    });
    await closeQuote('7203', '2870', '2026-11-24');
    await closeQuote('6758', '2600.0', '2026-11-24');
    const another = testDb.openAnother();
    others.push(another);
    const ref = { market: 'JP' as const, date: '2026-11-24' };
    const runs = await Promise.allSettled([
      settleSession(depsAt(db, session.closesAtMs + 1_000), ref),
      settleSession(depsAt(another, session.closesAtMs + 1_000), ref),
    ]);
    // A worker that lost a race may fail (BullMQ retries it); a rerun then finds nothing to do.
    expect(runs.some((r) => r.status === 'fulfilled')).toBe(true);
    const rerun = await settleSession(depsAt(db, session.closesAtMs + 90_000), ref);
    expect(rerun).toEqual({ applications: 0, positions: 0 });
    const positions = await db
      .selectFrom('position')
      .select(['id', 'status'])
      .where('intraday_application_id', 'in', apps)
      .execute();
    expect(positions).toHaveLength(12);
    for (const p of positions) {
      expect(p.status).toBe('closed');
      expect(await journalsOf(db, 'position_close', `position:${p.id}`)).toBe(1);
    }
    for (const id of apps) {
      const app = await db
        .selectFrom('intraday_application')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect([app.status, app.positions_closed, app.forced_close_fee]).toEqual([
        'traded',
        3n,
        3n * 3_575n,
      ]);
      expect(await journalsOf(db, 'intraday_release', `intraday:${id}`)).toBe(1);
      expect(await journalsOf(db, 'intraday_forced_close_fee', `intraday:${id}`)).toBe(1);
      const inbox = await sql<{ n: number }>`select count(*) as n from inbox_message
        where kind = 'intraday_settled' and user_id = ${app.user_id}`.execute(db);
      expect(Number(inbox.rows[0]!.n)).toBe(1);
      expect(await userMoney(db, app.user_id)).toEqual([
        `cash ${2_000_000n - app.amount + (app.released ?? 0n)}`,
        'hold:intraday 0',
        'margin 0',
      ]);
    }
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('a loss larger than the hold: nothing released, no fee, P&L −amount, the rest waived by the platform (no money from nowhere, reconcile clean)', async () => {
    const db = testDb.db;
    const session = sessionOn('JP', '2026-11-26');
    // ¥100,000 held (¥330,000 of buying power): 100 × ¥2,850 long = ¥285,000 notional, margin
    // ¥86,364 from the hold; a close at ¥1,000 loses ¥185,000, more than the whole hold.
    const [id] = await anIntradayBook(db, {
      ...{ market: 'JP', session, amount: 100_000n, users: 1, positionsPerUser: 1 },
      symbols: [{ symbol: '7203', price: 28_500n }],
      ...{ qty: 100n, grant: 100_000n },
    });
    await closeQuote('7203', '1000', '2026-11-26');
    await settleSession(depsAt(db, session.closesAtMs + 1_000), {
      market: 'JP',
      date: '2026-11-26',
    });
    const app = await db
      .selectFrom('intraday_application')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect([app.status, app.released, app.forced_close_fee, app.pnl]).toEqual([
      'traded',
      0n,
      0n,
      -100_000n,
    ]);
    expect(await userMoney(db, app.user_id)).toEqual(['cash 0', 'hold:intraday 0', 'margin 0']);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
