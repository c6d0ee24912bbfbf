import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { redisKeys, type Clock } from '@kabuto/schema/contracts';
import {
  AccountEventOutbox,
  closePositionIn,
  insertApplication,
  insertPosition,
  postJournal,
  reconcile,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { journalMemo, platformAccount, userAccount } from '@kabuto/schema/domain';
import { intradayMargin, positionLeverageOf, sessionOn } from '@kabuto/schema/intraday';
import { findInstrument, notionalMinor, type Instrument } from '@kabuto/schema/market';
import { computeFees, openFromCash } from '@kabuto/schema/trading';
import {
  putInStatus,
  aUser,
  anIntradayBook,
  makeTestDb,
  type TestDb,
} from '@kabuto/schema/testing';
import {
  feedClosingPrice,
  type ClosingPrice,
} from '../src/jobs/intraday-settlement/closing-price.ts';
import {
  settleSession,
  type SettlementDeps,
} from '../src/jobs/intraday-settlement/intraday-settle.ts';

// The settlement at a market's close on a real database (SQLite, or PostgreSQL with
// DATABASE_URL): it closes exactly that market's open intraday positions at the feed's closing
// price, charges the forced-close fee, releases the hold and marks the applications traded, once.
let testDb: TestDb;
let redis: Redis;
const prefix = `itd${randomBytes(4).toString('hex')}`;
const outboxes: AccountEventOutbox[] = [];
const JP = sessionOn('JP', '2026-11-24');
const US = sessionOn('US', '2026-11-24');

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  await Promise.all(outboxes.map((o) => o.drain()));
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
});

async function closeQuote(symbol: string, price: string, date: string) {
  const snapshot = { symbol, price, date, phase: 'closed', source: 'test' };
  await redis.hset(redisKeys(prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

function depsAt(db: Db, nowMs: number, extra: Partial<SettlementDeps> = {}): SettlementDeps {
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
    ...extra,
  };
}

/** An ordinary (not intraday) JP position from cash, for a user of its own. */
async function anOrdinaryPosition(db: Db): Promise<bigint> {
  const userId = await aUser(db);
  const instrument = findInstrument('7203') as Instrument;
  const fees = computeFees('JP', 'buy', 28_500n, 100n);
  return writeTransaction(db, async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        ...journalMemo('paper_grant'),
        actor: { type: 'system', id: 'test' },
        postings: [
          { account: platformAccount('platform:paper_grant', 'JPY'), amountMinor: -1_000_000n },
          { account: userAccount(userId, 'cash', 'JPY'), amountMinor: 1_000_000n },
        ],
      },
      0,
    );
    const id = await insertPosition(trx, {
      ...{ userId, orderId: 0n, instrument, side: 'long', qty: 100n, price: 28_500n, leverage: 1 },
      ...{ margin: 285_000n, fee: fees.total, nowMs: 0 },
    });
    await postJournal(
      trx,
      {
        kind: 'position_open',
        ...journalMemo('position_open'),
        actor: { type: 'user', id: userId },
        postings: openFromCash(userId, 'JPY', 285_000n, fees),
      },
      0,
    );
    return id;
  });
}

/** An intraday market order of the application's owner, as the order path writes it (1 share). */
async function aLateIntradayPosition(db: Db, applicationId: bigint, symbol: string, price: bigint) {
  const app = await db
    .selectFrom('intraday_application')
    .select(['user_id', 'market'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const userId = Number(app.user_id);
  const instrument = findInstrument(symbol) as Instrument;
  const market = instrument.market;
  const margin = intradayMargin(market, notionalMinor(market, price, 1n, 'up'));
  const fees = computeFees(market, 'buy', price, 1n);
  const leverage = positionLeverageOf(market);
  await writeTransaction(
    db,
    async (trx) => {
      await insertPosition(trx, {
        ...{ userId, orderId: 0n, instrument, side: 'long', qty: 1n, price, leverage, margin },
        ...{ fee: fees.total, nowMs: 0, intradayApplicationId: applicationId },
      });
      await postJournal(
        trx,
        {
          kind: 'position_open',
          ...journalMemo('position_open'),
          actor: { type: 'user', id: userId },
          postings: openFromCash(userId, instrument.currency, margin, fees, 'hold:intraday'),
        },
        0,
      );
    },
    { lockUser: userId },
  );
}

const snapshotOf = async (db: Db) => ({
  journals: Number(
    (await sql<{ n: number }>`select count(*) as n from journal`.execute(db)).rows[0]!.n,
  ),
  inbox: Number(
    (await sql<{ n: number }>`select count(*) as n from inbox_message`.execute(db)).rows[0]!.n,
  ),
  events: Number(
    (
      await sql<{
        n: number;
      }>`select coalesce(sum(last_seq), 0) as n from account_event_seq`.execute(db)
    ).rows[0]!.n,
  ),
  holding: Number(
    (
      await sql<{ n: number }>`select count(*) as n from position where status = 'holding'`.execute(
        db,
      )
    ).rows[0]!.n,
  ),
});

describe('intraday settlement at the close', () => {
  it('closes exactly the JP intraday positions at the JP close, fee and release once; US, ordinary and next-session untouched', async () => {
    const db = testDb.db;
    const jp = await anIntradayBook(db, {
      market: 'JP',
      session: JP,
      amount: 1_000_000n,
      users: 3,
      positionsPerUser: 3,
      symbols: [
        { symbol: '7203', price: 28_500n },
        { symbol: '6758', price: 26_665n, side: 'short' },
      ],
      qty: 100n,
      grant: 2_000_000n,
    });
    const us = await anIntradayBook(db, {
      market: 'US',
      session: US,
      amount: 1_000_000n,
      users: 2,
      positionsPerUser: 2,
      symbols: [{ symbol: 'AAPL', price: 2_300_000n }],
      qty: 10n,
      grant: 2_000_000n,
    });
    const ordinary = await anOrdinaryPosition(db);
    const nextUser = await aUser(db);
    const next = await writeTransaction(db, (trx) =>
      insertApplication(trx, {
        ...{ userId: nextUser, market: 'JP', currency: 'JPY', amount: 1n, buyingPower: 3n },
        ...{ session: sessionOn('JP', '2026-11-25'), nowMs: 0 },
      }),
    );
    await closeQuote('7203', '2870', '2026-11-24');
    await closeQuote('6758', '2600.0', '2026-11-24');
    await closeQuote('AAPL', '231.00', '2026-11-24');

    const ran = await settleSession(depsAt(db, JP.closesAtMs + 5_000), {
      market: 'JP',
      date: '2026-11-24',
    });
    expect(ran).toEqual({ applications: 3, positions: 9 });

    const positions = await db.selectFrom('position').selectAll().execute();
    const underJp = positions.filter((p) => jp.includes(p.intraday_application_id ?? -1n));
    expect(underJp).toHaveLength(9);
    for (const p of underJp) {
      expect(p.status).toBe('closed');
      expect(p.close_reason).toBe('intraday_close');
      expect(p.close_price).toBe(p.symbol === '7203' ? 28_700n : 26_000n);
      expect(p.closed_at).toBe(BigInt(JP.closesAtMs + 5_000));
    }
    const underUs = positions.filter((p) => us.includes(p.intraday_application_id ?? -1n));
    expect(underUs.map((p) => p.status)).toEqual(['holding', 'holding', 'holding', 'holding']);
    expect(positions.find((p) => p.id === ordinary)?.status).toBe('holding');

    const apps = await db.selectFrom('intraday_application').selectAll().orderBy('id').execute();
    for (const app of apps.filter((a) => jp.includes(a.id))) {
      expect(app.status).toBe('traded');
      expect(app.positions_closed).toBe(3n);
      expect(app.forced_close_fee).toBe(3n * 3_575n);
      expect(app.pnl).toBe((app.released ?? 0n) - app.amount);
      const cash = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `u:${app.user_id}`)
        .where('kind', 'in', ['cash', 'hold:intraday', 'margin'])
        .execute();
      // Everything came back to cash: grant − amount + released; hold and margin empty.
      expect(cash.reduce((s, r) => s + r.balance, 0n)).toBe(
        2_000_000n - app.amount + (app.released ?? 0n),
      );
    }
    expect(apps.filter((a) => us.includes(a.id)).map((a) => a.status)).toEqual([
      'trading',
      'trading',
    ]);
    expect(apps.find((a) => a.id === next)?.status).toBe('applied');
    const inbox = await db
      .selectFrom('inbox_message')
      .select(['kind'])
      .where('kind', '=', 'intraday_settled')
      .execute();
    expect(inbox).toHaveLength(3);

    const before = await snapshotOf(db);
    const again = await settleSession(depsAt(db, JP.closesAtMs + 60_000), {
      market: 'JP',
      date: '2026-11-24',
    });
    expect(again).toEqual({ applications: 0, positions: 0 });
    expect(await snapshotOf(db)).toEqual(before);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('an application that never traded is released whole: no fee, P&L 0', async () => {
    const db = testDb.db;
    const [id] = await anIntradayBook(db, {
      market: 'JP',
      session: sessionOn('JP', '2026-11-26'),
      amount: 500_000n,
      users: 1,
      positionsPerUser: 0,
      symbols: [{ symbol: '7203', price: 28_500n }],
      qty: 100n,
      grant: 500_000n,
    });
    await settleSession(depsAt(db, Date.UTC(2026, 10, 26, 7)), {
      market: 'JP',
      date: '2026-11-26',
    });
    const app = await db
      .selectFrom('intraday_application')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect([app.status, app.released, app.pnl, app.forced_close_fee]).toEqual([
      'traded',
      500_000n,
      0n,
      0n,
    ]);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('without a closing price from the feed it settles nothing and fails (retried), never inventing one', async () => {
    const db = testDb.db;
    const session = sessionOn('US', '2026-11-27');
    await anIntradayBook(db, {
      market: 'US',
      session,
      amount: 100_000n,
      users: 1,
      positionsPerUser: 1,
      symbols: [{ symbol: 'MSFT', price: 4_000_000n }],
      qty: 1n,
      grant: 1_000_000n,
    });
    const before = await snapshotOf(db);
    await expect(
      settleSession(depsAt(db, session.closesAtMs + 1), { market: 'US', date: '2026-11-27' }),
    ).rejects.toThrow(/no closing price for MSFT/);
    const after = await snapshotOf(db);
    const app = await db
      .selectFrom('intraday_application')
      .select('status')
      .where('session_date', '=', '2026-11-27')
      .executeTakeFirstOrThrow();
    expect(app.status).toBe('trading');
    expect([after.journals, after.holding, after.inbox]).toEqual([
      before.journals,
      before.holding,
      before.inbox,
    ]);
  });

  // An order reads its clock before it takes the user lock, so one accepted just before the close
  // can commit after the settlement read which symbols to price, yet before its claim (which
  // refuses later orders). Here that order commits while the first price is being fetched.
  it('a position that opened after the symbols were priced but before the claim is closed too, at its own closing price', async () => {
    const db = testDb.db;
    const session = sessionOn('US', '2026-12-01');
    const [id] = await anIntradayBook(db, {
      market: 'US',
      session,
      amount: 1_000_000n,
      users: 1,
      positionsPerUser: 1,
      symbols: [{ symbol: 'MSFT', price: 4_000_000n }],
      qty: 1n,
      grant: 2_000_000n,
    });
    await closeQuote('MSFT', '410.00', '2026-12-01');
    await closeQuote('AAPL', '231.00', '2026-12-01');
    const feed = feedClosingPrice({ db, redis, redisPrefix: prefix });
    let lateOrder: Promise<void> | null = null;
    const closingPrice: ClosingPrice = async (symbol, at) => {
      lateOrder ??= aLateIntradayPosition(db, id!, 'AAPL', 2_300_000n);
      await lateOrder;
      return feed(symbol, at);
    };
    const ran = await settleSession(depsAt(db, session.closesAtMs + 1, { closingPrice }), {
      market: 'US',
      date: '2026-12-01',
    });
    expect(ran).toEqual({ applications: 1, positions: 2 });
    const positions = await db
      .selectFrom('position')
      .select(['symbol', 'status', 'close_price'])
      .where('intraday_application_id', '=', id!)
      .orderBy('id')
      .execute();
    expect(positions).toEqual([
      { symbol: 'MSFT', status: 'closed', close_price: 4_100_000n },
      { symbol: 'AAPL', status: 'closed', close_price: 2_310_000n },
    ]);
    const app = await db
      .selectFrom('intraday_application')
      .select('status')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(app.status).toBe('traded');
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('an application whose session never opened (not a trading day) fails: the hold back to cash whole, once', async () => {
    const db = testDb.db;
    const saturday = {
      date: '2026-11-21',
      opensAtMs: Date.UTC(2026, 10, 21, 0),
      closesAtMs: Date.UTC(2026, 10, 21, 6, 30),
    };
    const [id] = await anIntradayBook(db, {
      market: 'JP',
      session: saturday,
      amount: 300_000n,
      users: 1,
      positionsPerUser: 0,
      symbols: [{ symbol: '7203', price: 28_500n }],
      qty: 100n,
      grant: 300_000n,
    });
    await putInStatus(db, 'intraday_application', id!, 'applied');
    const deps = depsAt(db, saturday.closesAtMs + 1_000);
    await settleSession(deps, { market: 'JP', date: '2026-11-21' });
    const app = await db
      .selectFrom('intraday_application')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect([app.status, app.released, app.pnl]).toEqual(['failed', 300_000n, 0n]);
    const cash = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', `u:${app.user_id}`)
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow();
    expect(cash.balance).toBe(300_000n);
    const inbox = await db
      .selectFrom('inbox_message')
      .select('kind')
      .where('user_id', '=', app.user_id)
      .execute();
    expect(inbox.map((m) => m.kind)).toEqual(['intraday_failed']);
    const before = await snapshotOf(db);
    await settleSession(deps, { market: 'JP', date: '2026-11-21' });
    expect(await snapshotOf(db)).toEqual(before);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('a stop-out of an intraday position returns what is left to the hold (cash untouched); a loss beyond the hold is waived', async () => {
    const db = testDb.db;
    const session = sessionOn('JP', '2026-11-30');
    const [id] = await anIntradayBook(db, {
      market: 'JP',
      session,
      amount: 100_000n,
      users: 1,
      positionsPerUser: 1,
      symbols: [{ symbol: '7203', price: 28_500n }],
      qty: 100n,
      grant: 500_000n,
    });
    const position = await db
      .selectFrom('position')
      .selectAll()
      .where('intraday_application_id', '=', id!)
      .executeTakeFirstOrThrow();
    const userId = Number(position.user_id);
    const balanceOf = async (kind: string) =>
      (
        await db
          .selectFrom('ledger_account')
          .select('balance')
          .where('owner_key', '=', `u:${userId}`)
          .where('kind', '=', kind)
          .executeTakeFirst()
      )?.balance ?? 0n;
    const cash = await balanceOf('cash');
    // ¥2,850 → ¥1,500: a loss of ¥135,000 against a margin of ¥86,364 and a hold of ¥13,636.
    const closed = await writeTransaction(db, (trx) =>
      closePositionIn(trx, position, {
        price: 15_000n,
        reason: 'stop_out',
        actor: { type: 'system', id: 'stop-out' },
        nowMs: session.opensAtMs + 60_000,
      }),
    );
    expect(closed.pnl).toBe(-135_000n);
    expect(closed.waived).toBeGreaterThan(0n);
    expect(await balanceOf('hold:intraday')).toBe(0n);
    expect(await balanceOf('cash')).toBe(cash);
    await settleSession(depsAt(db, session.closesAtMs + 1), { market: 'JP', date: '2026-11-30' });
    const app = await db
      .selectFrom('intraday_application')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect([app.status, app.released, app.pnl, app.positions_closed, app.forced_close_fee]).toEqual(
      ['traded', 0n, -100_000n, 0n, 0n],
    );
    expect(await balanceOf('cash')).toBe(cash);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
