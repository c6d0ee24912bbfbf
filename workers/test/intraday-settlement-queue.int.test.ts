import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { intradaySettlementJobId, queueName, redisKeys } from '@kabuto/schema/contracts';
import { AccountEventOutbox, reconcile } from '@kabuto/schema/db';
import { nextSessionClose, sessionOn } from '@kabuto/schema/intraday';
import { MARKETS } from '@kabuto/schema/market';
import { anIntradayBook, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { feedClosingPrice } from '../src/jobs/intraday-settlement/closing-price.ts';
import {
  scheduleNextClose,
  startIntradaySettlement,
} from '../src/jobs/intraday-settlement/intraday-settlement.processor.ts';

// The settlement worker on the real queue: at start it schedules each market's next close (one
// delayed job per market and session, by its calendar id, so a second start adds nothing), and its
// sweep settles a session whose close has passed with applications still open.
let testDb: TestDb;
let redis: Redis;
const prefix = `itdq${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
});
afterAll(async () => {
  for (const key of [
    ...(await redis.keys(`${prefix}:*`)),
    ...(await redis.keys(`bull:${prefix}-*`)),
  ]) {
    await redis.del(key);
  }
  redis.disconnect();
  await testDb.cleanup();
});

describe('the intraday settlement queue', () => {
  it('schedules each market’s next close once (JP skips the 11-23 holiday, US the Thanksgiving early close at 13:00 ET)', async () => {
    const queue = new Queue(queueName('intraday-settlement', prefix), { connection: redis });
    const now = Date.UTC(2026, 10, 23, 3); // Mon 11-23 12:00 JST (a holiday), Sun 22:00 ET
    for (const market of MARKETS) await scheduleNextClose(queue, market, now, now);
    for (const market of MARKETS) await scheduleNextClose(queue, market, now, now);
    const delayed = await queue.getDelayed();
    const ids = delayed.map((j) => j.id).sort();
    expect(ids).toEqual([
      intradaySettlementJobId('CN', '2026-11-23'),
      intradaySettlementJobId('JP', '2026-11-24'),
      intradaySettlementJobId('US', '2026-11-23'),
    ]);
    const jp = delayed.find((j) => j.id === intradaySettlementJobId('JP', '2026-11-24'));
    expect(jp?.opts.delay).toBe(sessionOn('JP', '2026-11-24').closesAtMs - now);
    const afterThanksgiving = nextSessionClose('US', Date.UTC(2026, 10, 26, 12));
    expect(afterThanksgiving.date).toBe('2026-11-27');
    expect(new Date(afterThanksgiving.closesAtMs).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('at start the sweep settles an overdue session, and the next closes are scheduled', async () => {
    const db = testDb.db;
    const session = sessionOn('JP', '2026-11-20');
    const [id] = await anIntradayBook(db, {
      market: 'JP',
      session,
      amount: 1_000_000n,
      users: 1,
      positionsPerUser: 2,
      symbols: [{ symbol: '7203', price: 28_500n }],
      qty: 100n,
      grant: 1_000_000n,
    });
    const snapshot = { symbol: '7203', price: '2870', date: '2026-11-20', source: 'test' };
    await redis.hset(redisKeys(prefix).latestQuotes, '7203', JSON.stringify(snapshot));
    const outbox = new AccountEventOutbox(db, () => undefined);
    const worker = await startIntradaySettlement({
      db,
      redis,
      redisPrefix: prefix,
      clock: { nowMs: () => Date.now() },
      emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
      closingPrice: feedClosingPrice({ db, redis, redisPrefix: prefix }),
      forcedCloseFee: { JP: 0n, US: 0n, CN: 0n },
      logger: pino({ level: 'silent' }),
    });
    const status = async () =>
      (
        await db
          .selectFrom('intraday_application')
          .select('status')
          .where('id', '=', id!)
          .executeTakeFirstOrThrow()
      ).status;
    await expect.poll(status, { timeout: 20_000, interval: 50 }).toBe('traded');
    await worker.stop();
    await outbox.drain();
    expect(await status()).toBe('traded');
    const queue = new Queue(queueName('intraday-settlement', prefix), { connection: redis });
    const scheduled = (await queue.getDelayed()).map((j) => j.data.market).sort();
    expect(scheduled).toEqual(['CN', 'JP', 'US']);
    await queue.close();
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
