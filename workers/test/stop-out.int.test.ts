import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { assetRecomputeJobId, fixedClock, queueName, redisKeys } from '@kabuto/schema/contracts';
import {
  cashBalance,
  insertPosition,
  postJournal,
  reconcile,
  writeTransaction,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { findInstrument, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import { openFromCash } from '@kabuto/schema/trading';
import { aUser, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import { startStopOutWatcher } from '../src/jobs/stop-out/stop-out.ts';

// A 5× long written the way trade/order writes it, then prints on this test's own channel.
const prefix = `so${randomBytes(5).toString('hex')}`;
const toyota = findInstrument('7203') as Instrument;
/** The watcher's clock: everything it writes carries this time. */
const clock = fixedClock(Date.UTC(2026, 10, 24, 1, 30));
const noFees = { commission: 0n, stampDuty: 0n, transferFee: 0n, regulatoryFee: 0n, total: 0n };
let testDb: TestDb;
let redis: Redis;
let queue: Queue;
let watcher: Awaited<ReturnType<typeof startStopOutWatcher>>;

const publish = (price: string) =>
  redis.publish(
    redisKeys(prefix).tickChannel,
    JSON.stringify([
      { symbol: '7203', price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() },
    ]),
  );

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

describe('stop-out', () => {
  it('revalues the holder on prints, keeps a position through a margin call and closes it at the feed price below the stop-out level', async () => {
    const userId = await aUser(testDb.db);
    const positionId = await writeTransaction(testDb.db, async (trx) => {
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
          user_id: BigInt(userId),
          symbol: '7203',
          currency: 'JPY',
          side: 'long',
          kind: 'market',
          limit_price: null,
          qty: 100n,
          leverage: 5n,
          status: 'filled',
          hold_amount: 0n,
          fill_price: parseScaledPrice('2850', 'JP'),
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = await insertPosition(trx, {
        userId,
        orderId: order.id,
        instrument: toyota,
        side: 'long',
        qty: 100n,
        price: parseScaledPrice('2850', 'JP'),
        leverage: 5,
        margin: 57_000n,
        fee: 0n,
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
    watcher = await startStopOutWatcher({
      db: testDb.db,
      redis,
      redisPrefix: prefix,
      emitter: createAccountEmitter(redis, prefix, testDb.db),
      assetQueue: queue,
      logger: createLogger('silent', 'test'),
      refreshMs: 100,
      clock,
    });
    const status = async () =>
      await testDb.db
        .selectFrom('position')
        .select(['status', 'close_reason', 'close_price', 'realized_pnl'])
        .where('id', '=', positionId)
        .executeTakeFirstOrThrow();
    await publish('2600');
    // The watcher has the print once it has queued the holder's revaluation (before its check); a
    // stop-out at ¥2,600 would show below as a close at ¥2,600, not ¥2,530.
    await expect
      .poll(async () =>
        (await queue.getJobs(['waiting', 'delayed', 'active'])).map((job) => [job.id, job.data]),
      )
      .toContainEqual([
        assetRecomputeJobId(userId, 'tick', clock.nowMs()),
        { userId, reason: 'tick' },
      ]);
    expect((await status()).status).toBe('holding');
    await publish('2530');
    await expect.poll(async () => (await status()).status, { timeout: 5000 }).toBe('closed');
    expect(await status()).toMatchObject({
      close_reason: 'stop_out',
      close_price: parseScaledPrice('2530', 'JP'),
      realized_pnl: -32_000n,
    });
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(10_000_000n - 32_000n);
    const journal = await testDb.db
      .selectFrom('journal')
      .select(['actor_type', 'actor_id', 'memo', 'created_at'])
      .where('kind', '=', 'position_close')
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      actor_type: 'system',
      actor_id: 'stop-out',
      created_at: BigInt(clock.nowMs()),
    });
    expect(journal.memo).toContain('Stop-out');
    const inbox = await testDb.db
      .selectFrom('inbox_message')
      .select(['kind', 'params', 'created_at'])
      .where('user_id', '=', BigInt(userId))
      .orderBy('id')
      .execute();
    expect(inbox.map((m) => [m.kind, JSON.parse(m.params), m.created_at])).toEqual([
      ['margin_call', { symbol: '7203', price: '2600' }, BigInt(clock.nowMs())],
      [
        'stop_out',
        { symbol: '7203', price: '2530', pnl: '-32000', currency: 'JPY' },
        BigInt(clock.nowMs()),
      ],
    ]);
    expect((await reconcile(testDb.db)).breaches).toEqual([]);
  });
});
