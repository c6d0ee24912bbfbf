import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { loanInterestJobId, queueName, redisKeys, type Clock } from '@kabuto/schema/contracts';
import {
  advance,
  insertLoan,
  insertPosition,
  postJournal,
  reconcile,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { journalMemo, platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import {
  addTokyoDays,
  endOfTokyoDateMs,
  loanDisbursementPostings,
  tokyoDateOf,
} from '@kabuto/schema/loans';
import { findInstrument, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import { openFromCash } from '@kabuto/schema/trading';
import { aUser, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import { runLoanInterest } from '../src/jobs/loan-interest/loan-interest.ts';
import { startLoanInterest } from '../src/jobs/loan-interest/loan-interest.processor.ts';

// The daily loan job on a real database and Redis: the interest of each date once (a rerun
// changes nothing), exact over 30 days, and the margin-call message when the collateral falls
// (prices moved in the feed's latest-quote hash). Loans are written the way the gateway does.
const prefix = `li${randomBytes(5).toString('hex')}`;
const toyota = findInstrument('7203') as Instrument;
const noFees = { commission: 0n, stampDuty: 0n, transferFee: 0n, regulatoryFee: 0n, total: 0n };
/** The job's clock: 2026-11-24 10:00 JST, moved by the tests. */
let nowMs = Date.UTC(2026, 10, 24, 1);
const clock: Clock = { nowMs: () => nowMs };
let testDb: TestDb;
let redis: Redis;
const db = (): Db => testDb.db;

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
});

afterAll(async () => {
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  for (const key of await redis.keys(`bull:${prefix}-*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
});

const deps = () => ({
  db: db(),
  redis,
  redisPrefix: prefix,
  emitter: createAccountEmitter(redis, prefix, db()),
  clock,
  logger: createLogger('silent', 'test'),
});

/** The job for a date once it has ended: the clock moves to an hour after its midnight (JST). */
async function runEnded(date: string) {
  nowMs = Math.max(nowMs, endOfTokyoDateMs(date) + 3_600_000);
  return runLoanInterest(deps(), date);
}

async function grant(userId: number, yen: bigint): Promise<void> {
  await writeTransaction(db(), async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        ...journalMemo('paper_grant'),
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: yen,
        }),
      },
      nowMs,
    );
  });
}

/** A passed loan as `loan/decide` writes it: the status move and the disbursement journal. */
async function passedLoan(userId: number, amount: bigint): Promise<number> {
  return writeTransaction(db(), async (trx) => {
    const id = await insertLoan(trx, {
      userId,
      amount,
      requestId: `r-${randomBytes(6).toString('hex')}`,
      nowMs,
    });
    await advance(trx, { kind: 'loan', id, userId }, 'under_review', 'passed', {
      nowMs,
      set: { principal: amount, decided_at: nowMs },
      journal: {
        kind: 'loan_disbursed',
        ...journalMemo('loan_disbursed', { id }),
        actor: { type: 'admin', id: 1 },
        postings: loanDisbursementPostings(userId, amount),
      },
      journalColumn: 'disburse_journal_id',
    });
    return id;
  });
}

/** A 5× long of 1,000 Toyota at ¥2,850 (margin ¥570,000 from cash), as trade/order writes it. */
async function toyotaLong(userId: number): Promise<void> {
  await writeTransaction(db(), async (trx) => {
    const price = parseScaledPrice('2850', 'JP');
    const order = await trx
      .insertInto('trade_order')
      .values({
        user_id: BigInt(userId),
        symbol: '7203',
        currency: 'JPY',
        side: 'long',
        kind: 'market',
        limit_price: null,
        qty: 1000n,
        leverage: 5n,
        status: 'filled',
        hold_amount: 0n,
        fill_price: price,
        created_at: nowMs,
        updated_at: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertPosition(trx, {
      userId,
      orderId: order.id,
      instrument: toyota,
      side: 'long',
      qty: 1000n,
      price,
      leverage: 5,
      margin: 570_000n,
      fee: 0n,
      nowMs,
    });
    await postJournal(
      trx,
      {
        kind: 'position_open',
        memo: 'open',
        actor: { type: 'user', id: userId },
        postings: openFromCash(userId, 'JPY', 570_000n, noFees),
      },
      nowMs,
    );
  });
}

const quote = (price: string) =>
  redis.hset(
    redisKeys(prefix).latestQuotes,
    '7203',
    JSON.stringify({ symbol: '7203', price, change_rate: '0.00', volume: 0, seq: 1, ts: nowMs }),
  );

const loanRow = (id: number) =>
  db().selectFrom('loan').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

async function balanceOf(userId: number, kind: string): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${userId}`)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

const countOf = async (table: 'journal' | 'loan_interest_accrual' | 'inbox_message') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('loan interest job', () => {
  it('30 days on ¥1,000,000 at 3.9% ACT/365: ¥107 a day, exactly ¥3,210 of debt after 30 dates; a rerun of any date changes nothing', async () => {
    const userId = await aUser(db());
    await grant(userId, 5_000_000n);
    const loanId = await passedLoan(userId, 1_000_000n);
    const first = tokyoDateOf(nowMs);
    for (let day = 0; day < 30; day++) {
      await runEnded(addTokyoDays(first, day));
    }
    expect(await loanRow(loanId)).toMatchObject({
      principal: 1_000_000n,
      accrued_interest: 3_210n,
    });
    expect(await balanceOf(userId, 'loan')).toBe(-1_003_210n);
    const accruals = await db()
      .selectFrom('loan_interest_accrual')
      .select(['accrual_date', 'amount'])
      .where('loan_id', '=', BigInt(loanId))
      .orderBy('accrual_date')
      .execute();
    expect(accruals).toHaveLength(30);
    expect(new Set(accruals.map((a) => a.amount))).toEqual(new Set([107n]));
    const before = [
      await countOf('journal'),
      await countOf('loan_interest_accrual'),
      await loanRow(loanId),
    ];
    for (const day of [0, 14, 29]) await runEnded(addTokyoDays(first, day));
    await Promise.all([0, 1, 2].map(() => runEnded(addTokyoDays(first, 5))));
    expect([
      await countOf('journal'),
      await countOf('loan_interest_accrual'),
      await loanRow(loanId),
    ]).toEqual(before);
    // a day before the loan was disbursed accrues nothing
    await runEnded(addTokyoDays(first, -1));
    expect(await countOf('loan_interest_accrual')).toBe(before[1]);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('sends a margin call once a day when debt exceeds 50% of equity as prices fall; nothing is sold', async () => {
    const userId = await aUser(db());
    await grant(userId, 1_000_000n);
    await toyotaLong(userId);
    const loanId = await passedLoan(userId, 400_000n);
    const date = addTokyoDays(tokyoDateOf(nowMs), 40);
    const kinds = async () =>
      (
        await db()
          .selectFrom('inbox_message')
          .select('kind')
          .where('user_id', '=', BigInt(userId))
          .execute()
      ).map((r) => r.kind);
    // ¥2,400: equity 830,000 + 570,000 − 450,000 = 950,000; cap 475,000 > debt ≈ 400,043
    await quote('2400');
    expect((await runEnded(date)).marginCalls).toBe(0);
    expect(await kinds()).toEqual([]);
    // ¥2,250: equity 800,000; cap 400,000 < debt 400,043 → margin call
    await quote('2250');
    const next = addTokyoDays(date, 1);
    expect((await runEnded(next)).marginCalls).toBe(1);
    expect(await kinds()).toEqual(['loan_margin_call']);
    // the day of the check: the job for `next` runs the morning after it
    expect((await loanRow(loanId)).margin_call_date).toBe(addTokyoDays(next, 1));
    expect(await runEnded(next)).toMatchObject({ posted: 0, marginCalls: 0 });
    expect(await kinds()).toEqual(['loan_margin_call']);
    const positions = await db()
      .selectFrom('position')
      .select('status')
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(positions).toEqual([{ status: 'holding' }]);
    expect((await runEnded(addTokyoDays(next, 1))).marginCalls).toBe(1);
    expect(await kinds()).toEqual(['loan_margin_call', 'loan_margin_call']);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a position the feed has no price for counts zero, not its opening price: ¥450,000 owed beside 7203 priced (equity ¥1,450,000) sends nothing; with the quote gone (equity ¥880,000) it sends the margin call', async () => {
    const userId = await aUser(db());
    await grant(userId, 1_000_000n);
    await toyotaLong(userId);
    await passedLoan(userId, 450_000n);
    const date = addTokyoDays(tokyoDateOf(nowMs), 40);
    // priced at ¥2,850: cash 880,000 + margin 570,000 = 1,450,000; cap 725,000 > debt ≈ 450,048
    await quote('2850');
    expect((await runEnded(date)).marginCalls).toBe(0);
    // no feed price: the position's ¥570,000 margin counts 0; cap 440,000 < debt → margin call
    await redis.hdel(redisKeys(prefix).latestQuotes, '7203');
    expect((await runEnded(addTokyoDays(date, 1))).marginCalls).toBe(1);
    const kinds = await db()
      .selectFrom('inbox_message')
      .select('kind')
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(kinds).toEqual([{ kind: 'loan_margin_call' }]);
  });

  it('a worker back after 3 days catches up 3 dates at once but sends one margin call, not three', async () => {
    const userId = await aUser(db());
    await grant(userId, 1_000_000n);
    await toyotaLong(userId);
    await passedLoan(userId, 400_000n);
    await quote('2250');
    const first = tokyoDateOf(nowMs);
    nowMs = endOfTokyoDateMs(addTokyoDays(first, 2)) + 600_000; // three dates ended, one morning
    for (let day = 0; day < 3; day++) await runLoanInterest(deps(), addTokyoDays(first, day));
    const inbox = await db()
      .selectFrom('inbox_message')
      .select('kind')
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(inbox.map((m) => m.kind)).toEqual(['loan_margin_call']);
  });

  it('a date not yet ended (today, tomorrow) is refused: no interest is charged ahead, nothing changes', async () => {
    const userId = await aUser(db());
    await grant(userId, 2_000_000n);
    const loanId = await passedLoan(userId, 1_000_000n);
    const before = [await countOf('journal'), await countOf('loan_interest_accrual')];
    const today = tokyoDateOf(nowMs);
    for (const date of [today, addTokyoDays(today, 1), addTokyoDays(today, 365)]) {
      await expect(runLoanInterest(deps(), date), date).rejects.toThrow(/not ended/);
    }
    expect([await countOf('journal'), await countOf('loan_interest_accrual')]).toEqual(before);
    expect((await loanRow(loanId)).accrued_interest).toBe(0n);
    expect(await balanceOf(userId, 'loan')).toBe(-1_000_000n);
  });

  it('the worker queues one job per ended Tokyo date (loan-interest-<date>) and runs it', async () => {
    const userId = await aUser(db());
    await grant(userId, 2_000_000n);
    const loanId = await passedLoan(userId, 1_000_000n);
    const disbursed = tokyoDateOf(nowMs);
    nowMs += 2 * 86_400_000; // two days later: the disbursement date and the next have ended
    const worker = startLoanInterest(deps());
    try {
      await expect
        .poll(async () => (await loanRow(loanId)).accrued_interest, { timeout: 10_000 })
        .toBe(214n);
      const queue = new Queue(queueName('loan-interest', prefix), {
        connection: redis.duplicate({ maxRetriesPerRequest: null }),
      });
      // the job is marked completed just after its transaction: wait for both marks
      await expect
        .poll(async () => (await queue.getJobs(['completed'])).map((j) => j.id), {
          timeout: 10_000,
        })
        .toEqual(
          expect.arrayContaining([
            loanInterestJobId(disbursed),
            loanInterestJobId(addTokyoDays(disbursed, 1)),
          ]),
        );
      await queue.close();
    } finally {
      await worker.stop();
    }
  });
});
