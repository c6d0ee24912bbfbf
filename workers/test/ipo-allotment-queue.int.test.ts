import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ipoStepJob, queueName, systemClock } from '@kabuto/schema/contracts';
import { AccountEventOutbox } from '@kabuto/schema/db';
import {
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  TEST_SECRET_BOX,
  type TestDb,
} from '@kabuto/schema/testing';
import { createLogger } from '../src/infra/logger.ts';
import { startIpoAllotment } from '../src/jobs/ipo-allotment/ipo-allotment.processor.ts';

// The draw as the gateway schedules it: a delayed job on the ipo-allotment queue at draw_at.
const prefix = `ipoq${randomBytes(4).toString('hex')}`;
let testDb: TestDb;
let redis: Redis;

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
});

afterAll(async () => {
  for (const key of await redis.keys(`bull:${prefix}-*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
});

describe('the ipo-allotment queue', () => {
  it('runs the draw when its delayed job comes due, once however often it was scheduled', async () => {
    const db = testDb.db;
    const now = Date.now();
    const times = {
      subscribeEnd: now - 1_000,
      drawAt: now + 1_500,
      payDeadline: now + 86_400_000,
      listingAt: now + 3 * 86_400_000,
    };
    const listing = await anIpoListing(db, times, { lotsOffered: 10 });
    await manySubscriptions(db, listing, 50);
    const outbox = new AccountEventOutbox(db, () => undefined);
    const allotment = await startIpoAllotment({
      db,
      redis,
      redisPrefix: prefix,
      emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
      clock: systemClock,
      secrets: TEST_SECRET_BOX,
      beaconFor: () => ({
        after: () =>
          Promise.resolve({ round: null, value: randomBytes(32).toString('hex'), signature: null }),
      }),
      logger: createLogger('silent', 'ipo-allotment'),
    });
    const queue = new Queue(queueName('ipo-allotment', prefix), { connection: redis.duplicate() });
    try {
      const job = ipoStepJob(listing.listingId, 'draw', times.drawAt, Date.now());
      await queue.add(job.name, job.data, job.opts);
      await queue.add(job.name, job.data, job.opts); // a second schedule (an edit, a retry)
      expect(await queue.getJobCounts('delayed')).toEqual({ delayed: 1 });
      const drawnAtOf = async () =>
        (
          await db
            .selectFrom('ipo_listing')
            .select('drawn_at')
            .where('id', '=', BigInt(listing.listingId))
            .executeTakeFirstOrThrow()
        ).drawn_at;
      await expect.poll(drawnAtOf, { timeout: 15_000, interval: 100 }).not.toBeNull();
      const drawnAt = (await drawnAtOf()) as bigint;
      expect(Number(drawnAt)).toBeGreaterThanOrEqual(times.drawAt);
      const decided = await db
        .selectFrom('ipo_subscription')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('listing_id', '=', BigInt(listing.listingId))
        .where('status', 'in', ['won', 'lost'])
        .executeTakeFirstOrThrow();
      expect(Number(decided.n)).toBe(50);
    } finally {
      await queue.close();
      await allotment.stop();
      await outbox.drain();
    }
  }, 30_000);

  it('runs the freeze job at the close: the list hash is stored and published long before draw_at', async () => {
    const db = testDb.db;
    const now = Date.now();
    const times = {
      subscribeEnd: now + 1_500,
      drawAt: now + 3_600_000,
      payDeadline: now + 86_400_000,
      listingAt: now + 3 * 86_400_000,
    };
    const listing = await anIpoListing(db, times, { lotsOffered: 10 });
    await manySubscriptions(db, listing, 30);
    const asked: number[] = [];
    const allotment = await startIpoAllotment({
      db,
      redis,
      redisPrefix: prefix,
      emitter: { record: () => Promise.resolve() },
      clock: systemClock,
      secrets: TEST_SECRET_BOX,
      beaconFor: () => ({
        after: (ms: number) => {
          asked.push(ms);
          return Promise.resolve({ round: null, value: 'f'.repeat(64), signature: null });
        },
      }),
      logger: createLogger('silent', 'ipo-allotment'),
    });
    const queue = new Queue(queueName('ipo-allotment', prefix), { connection: redis.duplicate() });
    try {
      for (const [step, at] of [
        ['freeze', times.subscribeEnd],
        ['draw', times.drawAt],
      ] as const) {
        const job = ipoStepJob(listing.listingId, step, at, Date.now());
        await queue.add(job.name, job.data, job.opts);
      }
      const read = () =>
        db
          .selectFrom('ipo_listing')
          .select(['list_hash', 'list_frozen_at', 'applicants', 'beacon', 'drawn_at'])
          .where('id', '=', BigInt(listing.listingId))
          .executeTakeFirstOrThrow();
      await expect.poll(async () => (await read()).list_hash, { timeout: 15_000 }).not.toBeNull();
      const row = await read();
      expect(Number(row.list_frozen_at)).toBeGreaterThanOrEqual(times.subscribeEnd);
      expect(Number(row.list_frozen_at)).toBeLessThan(times.drawAt);
      expect([row.applicants, row.beacon, row.drawn_at, asked]).toEqual([30n, null, null, []]);
    } finally {
      await queue.close();
      await allotment.stop();
    }
  }, 30_000);
});
