import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueName, redisKeys, type QuoteSnapshot } from '@kabuto/schema/contracts';
import {
  makeTestDb,
  startScratchRedis,
  type ScratchRedis,
  type TestDb,
} from '@kabuto/schema/testing';
import { createAccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import { createRedis, duplicateRedis, quietOnError } from '../src/infra/redis.ts';
import { startFeedLeader } from '../src/feeds/market-data/feed-leader.ts';
import { startLimitMatcher } from '../src/jobs/limit-matcher/limit-matcher.ts';

// A Redis restart under the feed and the matcher, on a redis-server of this test's own (the shared
// server on 6379 is never touched). The feed's markets are all closed: nothing prints, so only the
// feed's own memory can bring the latest quotes back.
const prefix = `o${randomBytes(5).toString('hex')}`;
const logger = createLogger('silent', 'test');
const consoleErrors = vi.spyOn(console, 'error');
const unhandledRedisErrors = () =>
  consoleErrors.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event'))
    .length;
let server: ScratchRedis;
let redis: Redis;
let testDb: TestDb;
let queue: Queue;

function closedMarketSnapshot(
  symbol: string,
  market: QuoteSnapshot['market'],
  price: string,
): QuoteSnapshot {
  return {
    symbol,
    market,
    price,
    change_rate: '0.00',
    volume: 1200,
    seq: 7,
    ts: Date.now(),
    open: price,
    high: price,
    low: price,
    prev_close: price,
    turnover: '0',
    limit_up: null,
    limit_down: null,
    phase: 'closed',
    date: '2026-11-20',
    source: 'test',
  };
}
const snapshots = [
  closedMarketSnapshot('7203', 'JP', '2850'),
  closedMarketSnapshot('AAPL', 'US', '230.00'),
  closedMarketSnapshot('600519', 'CN', '1450.00'),
];
/** Until `client` has tried to reconnect `times` more times (each failed try is an error event). */
function reconnectAttempts(client: Redis, times: number): Promise<void> {
  return new Promise((done) => {
    let seen = 0;
    const counted = () => {
      seen += 1;
      if (seen < times) return;
      client.off('reconnecting', counted);
      done();
    };
    client.on('reconnecting', counted);
  });
}

const latestPrices = async () =>
  Object.fromEntries(
    Object.entries(await redis.hgetall(redisKeys(prefix).latestQuotes)).map(([symbol, text]) => [
      symbol,
      (JSON.parse(text) as QuoteSnapshot).price,
    ]),
  );

beforeAll(async () => {
  server = await startScratchRedis();
  redis = createRedis(server.url, logger, 'test-workers');
  testDb = await makeTestDb();
  queue = quietOnError(
    new Queue(queueName('asset-recompute', prefix), {
      connection: duplicateRedis(redis, logger, 'test-queue', { maxRetriesPerRequest: null }),
    }),
    logger,
    'test-queue',
  );
}, 60_000);

afterAll(async () => {
  await server.start();
  await queue.close();
  redis.disconnect();
  await testDb.cleanup();
  await server.kill();
  consoleErrors.mockRestore();
});

describe('Redis restarted under the feed', () => {
  it('the feed rewrites every latest quote from its own state when Redis comes back; no connection goes without an error handler', async () => {
    const matcher = await startLimitMatcher({
      db: testDb.db,
      redis,
      redisPrefix: prefix,
      emitter: createAccountEmitter(redis, prefix, testDb.db),
      assetQueue: queue,
      logger,
      refreshMs: 200,
    });
    const feed = startFeedLeader({
      redis,
      redisPrefix: prefix,
      prepare: async () => ({ providers: [], initial: snapshots, persist: async () => undefined }),
      intervalMs: 100,
      logger,
    });
    try {
      const expected = { '7203': '2850', AAPL: '230.00', '600519': '1450.00' };
      await expect.poll(latestPrices, { timeout: 10_000 }).toEqual(expected);
      await server.kill();
      await expect.poll(() => redis.status, { timeout: 10_000 }).not.toBe('ready');
      await reconnectAttempts(redis, 3); // failed reconnects meanwhile, each an error event
      await server.start(); // empty: a restart without persistence
      await expect.poll(() => redis.status, { timeout: 10_000 }).toBe('ready');
      await expect.poll(latestPrices, { timeout: 10_000 }).toEqual(expected);
      await expect.poll(() => feed.isLeader(), { timeout: 10_000 }).toBe(true);
      expect(unhandledRedisErrors()).toBe(0);
    } finally {
      await feed.stop();
      await matcher.stop();
    }
  });
});
