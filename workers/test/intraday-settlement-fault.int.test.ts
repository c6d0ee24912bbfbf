import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { redisKeys } from '@kabuto/schema/contracts';
import { AccountEventOutbox, reconcile, type Db } from '@kabuto/schema/db';
import { sessionOn } from '@kabuto/schema/intraday';
import {
  anIntradayBook,
  makeTestDb,
  type IntradayBookSpec,
  type TestDb,
} from '@kabuto/schema/testing';
import { feedClosingPrice } from '../src/jobs/intraday-settlement/closing-price.ts';
import { settleSession } from '../src/jobs/intraday-settlement/intraday-settle.ts';

// kill -9 the real workers process in the middle of settling 2,000 intraday positions (ten close
// transactions of 200; a quarter of the 8,000 this ran with, the same shape), start it
// again: the end state equals an uninterrupted run on an identical book (every application, every
// position's close), each user has one inbox message and each event once, and the ledger reconciles.
const USERS = 200;
const PER_USER = 10;
const SESSION = sessionOn('JP', '2026-11-20');
const SPEC: IntradayBookSpec = {
  market: 'JP',
  session: SESSION,
  amount: 3_000_000n,
  users: USERS,
  positionsPerUser: PER_USER,
  symbols: [
    { symbol: '7203', price: 28_500n },
    { symbol: '6758', price: 26_665n, side: 'short' },
    { symbol: '9984', price: 90_000n },
  ],
  qty: 100n,
  grant: 4_000_000n,
};
const prefix = `itdf${randomBytes(4).toString('hex')}`;
let killed: TestDb;
let reference: TestDb;
let redis: Redis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  killed = await makeTestDb();
  reference = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  for (const [symbol, price] of [
    ['7203', '2870'],
    ['6758', '2600.0'],
    ['9984', '8990'],
  ] as const) {
    const snapshot = { symbol, price, date: SESSION.date, phase: 'closed', source: 'test' };
    await redis.hset(redisKeys(prefix).latestQuotes, symbol, JSON.stringify(snapshot));
  }
}, 300_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const key of [
    ...(await redis.keys(`${prefix}:*`)),
    ...(await redis.keys(`bull:${prefix}-*`)),
  ]) {
    await redis.del(key);
  }
  redis.disconnect();
  await killed.cleanup();
  await reference.cleanup();
});

/** The workers process (jobs role) on the test database; its start-up sweep settles the overdue session. */
function startWorkers(testDb: TestDb): ChildProcess {
  const target = testDb.target;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KABUTO_ROLES: 'jobs',
    KABUTO_REDIS_PREFIX: prefix,
    KABUTO_INTRADAY_FORCED_CLOSE_FEE: 'JP=3575',
    LOG_LEVEL: 'warn',
    DATA_DIR:
      target.kind === 'sqlite'
        ? dirname(target.file)
        : mkdtempSync(join(tmpdir(), 'kabuto-fault-')),
  };
  delete env['DATABASE_URL'];
  if (target.kind === 'postgres') env['DATABASE_URL'] = target.url;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../src/main.ts')],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const scalar = async (db: Db, query: ReturnType<typeof sql<{ n: number | bigint }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);
const closedCount = (db: Db) =>
  scalar(
    db,
    sql<{ n: number }>`select count(*) as n from position where close_reason = 'intraday_close'`,
  );
const tradedCount = (db: Db) =>
  scalar(
    db,
    sql<{ n: number }>`select count(*) as n from intraday_application where status = 'traded'`,
  );

async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string) {
  await vi.waitFor(
    async () => {
      if (!(await probe())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** What settlement decided, independent of when it ran: per application and per position, in id order. */
async function outcome(db: Db) {
  const apps = await db
    .selectFrom('intraday_application')
    .select(['id', 'status', 'positions_closed', 'forced_close_fee', 'released', 'pnl'])
    .orderBy('id')
    .execute();
  const positions = await db
    .selectFrom('position')
    .select(['id', 'status', 'close_price', 'close_fee', 'realized_pnl', 'close_reason'])
    .orderBy('id')
    .execute();
  const balances = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'kind', 'currency', 'balance'])
    .orderBy('owner_key')
    .orderBy('kind')
    .orderBy('currency')
    .execute();
  return { apps, positions, balances };
}

describe('intraday settlement under kill -9', () => {
  it('a restarted worker finishes the settlement: the same end state as an uninterrupted run, each message and event once', async () => {
    await anIntradayBook(reference.db, SPEC);
    const outbox = new AccountEventOutbox(reference.db, () => undefined);
    await settleSession(
      {
        db: reference.db,
        clock: { nowMs: () => SESSION.closesAtMs + 1_000 },
        emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
        closingPrice: feedClosingPrice({ db: reference.db, redis, redisPrefix: prefix }),
        forcedCloseFee: { JP: 3_575n, US: 0n, CN: 0n },
      },
      { market: 'JP', date: SESSION.date },
    );
    await outbox.drain();
    const expected = await outcome(reference.db);
    expect(expected.apps.every((a) => a.status === 'traded')).toBe(true);

    await anIntradayBook(killed.db, SPEC);
    const first = startWorkers(killed);
    await until(
      async () => (await closedCount(killed.db)) >= 400,
      180_000,
      'a part of the positions closed',
    );
    first.kill('SIGKILL');
    await exited(first);
    const atKill = await closedCount(killed.db);
    console.info(`killed with ${atKill} of ${USERS * PER_USER} positions closed`);
    expect(atKill).toBeLessThan(USERS * PER_USER);
    expect(await tradedCount(killed.db)).toBeLessThan(USERS);

    const second = startWorkers(killed);
    await until(
      async () => (await tradedCount(killed.db)) === USERS,
      300_000,
      'every application traded',
    );
    second.kill('SIGTERM');
    await exited(second);

    expect(await outcome(killed.db)).toEqual(expected);
    const perUser = await sql<{ messages: number | bigint; seq: number | bigint | null }>`
      select count(distinct m.id) as messages, max(q.last_seq) as seq
      from intraday_application a
      left join inbox_message m on m.user_id = a.user_id
      left join account_event_seq q on q.user_id = a.user_id
      group by a.user_id`.execute(killed.db);
    expect(perUser.rows).toHaveLength(USERS);
    // One inbox message each; PER_USER closes + traded + message:created = one event each.
    const wrong = perUser.rows.filter(
      (r) => Number(r.messages) !== 1 || Number(r.seq) !== PER_USER + 2,
    );
    expect(wrong).toEqual([]);
    expect((await reconcile(killed.db)).breaches).toEqual([]);
  }, 600_000);
});
