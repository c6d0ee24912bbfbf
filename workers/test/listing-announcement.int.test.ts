import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { followAnnouncements, redisKeys, type QuoteTick } from '@kabuto/schema/contracts';
import { keepListedInstrumentsFresh } from '@kabuto/schema/db';
import { findInstrument, setListedInstruments } from '@kabuto/schema/market';
import { anIpoListing, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createLogger } from '../src/infra/logger.ts';
import { announceListing } from '../src/infra/house-announcements.ts';
import { createListedFeed } from '../src/feeds/market-data/listed-feed.ts';
import { startFeedLeader } from '../src/feeds/market-data/feed-leader.ts';
import { listPaid } from '../src/jobs/ipo-allotment/ipo-list.ts';

// The list step, this process's listed instruments (refreshed every 30 s, as in production) and a
// feed leader ticking the listed new shares, all on real Redis: once the list step has run, the
// feed prints the share within a few seconds, not on the next 30 s refresh.
const SYMBOL = '9994A';
const HOUR = 3_600_000;
const logger = createLogger('silent', 'test');
const prefix = `t${randomBytes(5).toString('hex')}`;
let testDb: TestDb;
let redis: Redis;
let ticks: Redis;
const printed: QuoteTick[] = [];
const stoppers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  ticks = redis.duplicate();
  ticks.on('message', (_channel, message) => printed.push(...(JSON.parse(message) as QuoteTick[])));
  await ticks.subscribe(redisKeys(prefix).tickChannel);
  setListedInstruments([]);
  const listed = await keepListedInstrumentsFresh(testDb.db, Date.now, () => undefined);
  const follower = await followAnnouncements(redis.duplicate(), {
    [redisKeys(prefix).listedInstrumentsChannel]: listed.refresh,
  });
  const feed = startFeedLeader({
    redis,
    redisPrefix: prefix,
    intervalMs: 200,
    logger,
    prepare: () =>
      Promise.resolve({
        providers: [createListedFeed({ seed: 1, clock: 'always-open', source: 'test' })],
        initial: [],
        persist: () => Promise.resolve(),
      }),
  });
  stoppers.push(
    () => listed.stop(),
    () => follower.stop(),
    () => feed.stop(),
  );
});

afterAll(async () => {
  for (const stop of stoppers) await stop();
  await ticks.quit();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await testDb.cleanup();
  setListedInstruments([]);
});

async function listingDueNow(): Promise<number> {
  const listingAt = Date.now() - 1_000;
  const { listingId } = await anIpoListing(
    testDb.db,
    {
      subscribeEnd: listingAt - 72 * HOUR,
      drawAt: listingAt - 71 * HOUR,
      payDeadline: listingAt - 24 * HOUR,
      listingAt,
    },
    { symbol: SYMBOL },
  );
  // The draw and the forfeit steps are done (no paid subscription: the list step lists none).
  await testDb.db
    .updateTable('ipo_listing')
    .set({ drawn_at: listingAt - 71 * HOUR, forfeited_at: listingAt - 24 * HOUR })
    .where('id', '=', BigInt(listingId))
    .execute();
  return listingId;
}

const printedShare = () => printed.find((t) => t.symbol === SYMBOL);

/**
 * Until the feed has finished `n` more beats. A beat starts by renewing the leader lease (its TTL
 * jumps back up) and beats never overlap, so n + 1 renewals mean n whole beats.
 */
async function feedBeats(n: number): Promise<void> {
  const lease = redisKeys(prefix).feedLeaderLock;
  let renewals = 0;
  let ttl = await redis.pttl(lease);
  await vi.waitFor(
    async () => {
      const now = await redis.pttl(lease);
      if (now > ttl) renewals += 1;
      ttl = now;
      if (renewals < n + 1) throw new Error(`${renewals} lease renewals`);
    },
    { timeout: 15_000, interval: 20 },
  );
}

describe('the list step announcing a listing', () => {
  it('makes the feed print the new share within seconds', async () => {
    const listingId = await listingDueNow();
    // Due, but this process loaded its listed instruments before: no print without the word.
    await feedBeats(5); // five beats of the feed (a second): none printed it
    expect(printedShare()).toBeUndefined();
    expect(findInstrument(SYMBOL)).toBeUndefined();
    const listed = await listPaid(
      {
        db: testDb.db,
        clock: { nowMs: () => Date.now() },
        emitter: { record: () => Promise.resolve() },
        beaconFor: () => {
          throw new Error('no draw here');
        },
        announceListing: (symbol) => announceListing(redis, prefix, symbol),
      },
      listingId,
    );
    expect(listed).toBe(true);
    // Well inside the 30 s refresh, with room for a loaded machine (the first beat, a PostgreSQL reload).
    await expect.poll(printedShare, { timeout: 10_000 }).toMatchObject({ symbol: SYMBOL });
    expect(await redis.hexists(redisKeys(prefix).latestQuotes, SYMBOL)).toBe(1);
  });
});
