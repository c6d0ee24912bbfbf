import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { assetRecomputeJobId, fixedClock, queueName, redisKeys } from '@kabuto/schema/contracts';
import { creditAddPostings } from '@kabuto/schema/credit';
import {
  cashBalance,
  insertPosition,
  insertPositionCredit,
  postJournal,
  reconcile,
  setPositionCreditJournal,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { findInstrument, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import { openFromCash } from '@kabuto/schema/trading';
import { aUser, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import { startStopOutWatcher } from '../src/jobs/stop-out/stop-out.ts';

// Added credit and the stop-out watcher: a long 100 × 7203 at ¥2,850 ×5 (margin ¥57,000) is
// stopped out below ¥2,533.3; with ¥9,000 added it holds until below ¥2,433.3, and the stop-out
// returns the margin with the credit in it.
const prefix = `soc${randomBytes(5).toString('hex')}`;
const toyota = findInstrument('7203') as Instrument;
const clock = fixedClock(Date.UTC(2026, 10, 24, 1, 30));
const noFees = { commission: 0n, stampDuty: 0n, transferFee: 0n, regulatoryFee: 0n, total: 0n };
let testDb: TestDb;
let redis: Redis;
let queue: Queue;
let watcher: Awaited<ReturnType<typeof startStopOutWatcher>> | undefined;

const publish = (price: string) =>
  redis.publish(
    redisKeys(prefix).tickChannel,
    JSON.stringify([
      { symbol: '7203', price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() },
    ]),
  );

async function openLong(db: Db, userId: number): Promise<bigint> {
  return writeTransaction(db, async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 10_000_000n,
        }),
      },
      clock.nowMs(),
    );
    const order = await trx
      .insertInto('trade_order')
      .values({
        ...{ user_id: BigInt(userId), symbol: '7203', currency: 'JPY', side: 'long' },
        ...{ kind: 'market', limit_price: null, qty: 100n, leverage: 5n, status: 'filled' },
        ...{ hold_amount: 0n, fill_price: parseScaledPrice('2850', 'JP') },
        ...{ created_at: Date.now(), updated_at: Date.now() },
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertPosition(trx, {
      ...{ userId, orderId: order.id, instrument: toyota, side: 'long', qty: 100n },
      ...{ price: parseScaledPrice('2850', 'JP'), leverage: 5, margin: 57_000n, fee: 0n },
      nowMs: Date.now(),
    });
    await postJournal(
      trx,
      {
        kind: 'position_open',
        memo: 'open',
        actor: { type: 'user', id: userId },
        postings: openFromCash(userId, 'JPY', 57_000n, noFees),
      },
      clock.nowMs(),
    );
    return id;
  });
}

/** The same writes `trade/addcredit` makes: the row, the margin, the credit_add journal. */
async function addCredit(db: Db, userId: number, positionId: bigint, amount: bigint) {
  await writeTransaction(
    db,
    async (trx) => {
      const creditId = await insertPositionCredit(trx, {
        ...{ userId, positionId, currency: 'JPY', amount },
        ...{ requestId: `credit-${positionId}`, nowMs: Date.now() },
      });
      const row = await trx
        .selectFrom('position')
        .select('margin')
        .where('id', '=', positionId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('position')
        .set({ margin: row.margin + amount })
        .where('id', '=', positionId)
        .execute();
      const journalId = await postJournal(
        trx,
        {
          kind: 'credit_add',
          memo: 'credit',
          actor: { type: 'user', id: userId },
          postings: creditAddPostings(userId, 'JPY', amount),
        },
        clock.nowMs(),
      );
      await setPositionCreditJournal(trx, creditId, journalId);
    },
    { lockUser: userId },
  );
}

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  queue = new Queue(queueName('asset-recompute', prefix), {
    connection: redis.duplicate({ maxRetriesPerRequest: null }),
  });
});

afterAll(async () => {
  await watcher?.stop();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
});

describe('stop-out with added credit', () => {
  it('¥9,000 added: holds at ¥2,530 (stop-out ¥2,533.3 → ¥2,433.3) even from a stale index; at ¥2,430 closes and returns margin ¥66,000 − loss ¥42,000, the credit marked returned', async () => {
    const userId = await aUser(testDb.db);
    const positionId = await openLong(testDb.db, userId);
    // The index is built now, before the credit, and not rebuilt during the test: the watcher
    // must read the margin again under the lock before it stops a position out.
    watcher = await startStopOutWatcher({
      db: testDb.db,
      redis,
      redisPrefix: prefix,
      emitter: createAccountEmitter(redis, prefix, testDb.db),
      assetQueue: queue,
      logger: createLogger('silent', 'test'),
      refreshMs: 600_000,
      clock,
    });
    await addCredit(testDb.db, userId, positionId, 9_000n);
    const status = async () =>
      await testDb.db
        .selectFrom('position')
        .select(['status', 'close_reason', 'realized_pnl', 'margin'])
        .where('id', '=', positionId)
        .executeTakeFirstOrThrow();
    await publish('2530');
    // The watcher has the print once it has queued the holder's revaluation (before its check); a
    // stop-out at ¥2,530 would show below as another loss than ¥42,000.
    await expect
      .poll(async () =>
        (await queue.getJobs(['waiting', 'delayed', 'active'])).map((job) => [job.id, job.data]),
      )
      .toContainEqual([
        assetRecomputeJobId(userId, 'tick', clock.nowMs()),
        { userId, reason: 'tick' },
      ]);
    expect(await status()).toMatchObject({ status: 'holding', margin: 66_000n });
    await publish('2430');
    await expect.poll(async () => (await status()).status, { timeout: 5000 }).toBe('closed');
    expect(await status()).toMatchObject({ close_reason: 'stop_out', realized_pnl: -42_000n });
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(10_000_000n - 42_000n);
    const credit = await testDb.db
      .selectFrom('position_credit')
      .select(['status', 'returned_at'])
      .where('position_id', '=', positionId)
      .executeTakeFirstOrThrow();
    expect(credit).toEqual({ status: 'returned', returned_at: BigInt(clock.nowMs()) });
    const close = await testDb.db
      .selectFrom('posting')
      .innerJoin('journal', 'journal.id', 'posting.journal_id')
      .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
      .select(['ledger_account.kind', 'posting.amount'])
      .where('journal.kind', '=', 'position_close')
      .where('journal.reference', '=', `position:${positionId}`)
      .orderBy('ledger_account.kind')
      .execute();
    expect(close.map((p) => [p.kind, p.amount])).toEqual([
      ['cash', 24_000n],
      ['margin', -66_000n],
      ['platform:trading', 42_000n],
    ]);
    expect((await reconcile(testDb.db)).breaches).toEqual([]);
  });
});
