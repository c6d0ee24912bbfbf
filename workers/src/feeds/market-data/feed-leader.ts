import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisKeys, type QuoteTick } from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';
import type { QuoteProvider } from './walk-feed.ts';

const LEASE_MS = 3000;

const RENEW_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Runs the feed only while this process holds the leader lease (SET NX PX, renewed each beat).
 * A second feed process waits; when the leader dies its lease lapses and the other takes over.
 */
export function startFeedLeader(deps: {
  redis: Redis;
  redisPrefix: string;
  provider: QuoteProvider;
  intervalMs: number;
  logger: Logger;
}): { stop(): Promise<void>; isLeader(): boolean } {
  const keys = redisKeys(deps.redisPrefix);
  const owner = randomUUID();
  let leader = false;
  let stopped = false;
  const beat = async () => {
    leader = leader
      ? (await deps.redis.eval(RENEW_IF_OWNER, 1, keys.feedLeaderLock, owner, LEASE_MS)) === 1
      : (await deps.redis.set(keys.feedLeaderLock, owner, 'PX', LEASE_MS, 'NX')) === 'OK';
    if (!leader || stopped) return;
    await publish(deps.redis, keys, deps.provider.next(Date.now()));
  };
  const timer = setInterval(() => {
    beat().catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'feed beat failed'));
  }, deps.intervalMs);
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (leader) await deps.redis.eval(`if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`, 1, keys.feedLeaderLock, owner);
    },
  };
}

async function publish(redis: Redis, keys: ReturnType<typeof redisKeys>, ticks: QuoteTick[]): Promise<void> {
  if (ticks.length === 0) return;
  const latest: Record<string, string> = {};
  for (const tick of ticks) latest[tick.symbol] = JSON.stringify(tick);
  await redis.multi().hset(keys.latestQuotes, latest).publish(keys.tickChannel, JSON.stringify(ticks)).exec();
}
