import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  redisKeys,
  systemClock,
  tickOf,
  type Clock,
  type QuoteSnapshot,
} from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';
import type { QuoteProvider } from './quote-provider.ts';

const LEASE_MS = 3000;
const RENEW_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** What a leader runs once it holds the lease: its providers and a persistence step for candles. */
export interface FeedRuntime {
  readonly providers: readonly QuoteProvider[];
  /** Snapshots published once when the runtime starts (last sessions, so closed markets show prices). */
  readonly initial: readonly QuoteSnapshot[];
  /** Writes what the providers accumulated (candles, corporate actions); called about once a second. */
  persist(): Promise<void>;
}

/**
 * Runs the feed only while this process holds the leader lease (SET NX PX, renewed each beat).
 * A second feed process waits; when the leader dies its lease lapses and the other takes over,
 * preparing its runtime (history resume) before its first beat. The leader remembers the latest
 * snapshot it published per symbol: when Redis comes back after an outage (a restart empties it),
 * its first beat as leader rewrites every latest quote from that memory, so prices are there at
 * once, also for markets that are closed and will not print until they open. Each symbol's tick
 * `seq` goes on from the latest quote in Redis when this process becomes leader, so a change of
 * leader never sends it back to 1.
 */
export function startFeedLeader(deps: {
  redis: Redis;
  redisPrefix: string;
  prepare: () => Promise<FeedRuntime>;
  intervalMs: number;
  logger: Logger;
  clock?: Clock;
}): { stop(): Promise<void>; isLeader(): boolean } {
  const clock = deps.clock ?? systemClock;
  const keys = redisKeys(deps.redisPrefix);
  const owner = randomUUID();
  const persistEvery = Math.max(1, Math.round(1000 / deps.intervalMs));
  const quotes = rememberedQuotes(deps.redis, keys, deps.logger);
  let leader = false;
  let stopped = false;
  let runtime: FeedRuntime | null = null;
  let preparing: Promise<void> | null = null;
  let persisting: Promise<void> | null = null;
  let beating = false;
  let beats = 0;

  const persist = () => {
    if (!runtime || persisting) return;
    persisting = runtime
      .persist()
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'candle persist failed'))
      .finally(() => (persisting = null));
  };

  const beat = async () => {
    leader = await holdLease(deps.redis, keys.feedLeaderLock, owner, leader);
    await quotes.continueSeqsWhenLeading(leader);
    if (!leader || stopped) return;
    if (!runtime) {
      preparing ??= deps
        .prepare()
        .then(async (ready) => {
          await quotes.publish([...ready.initial]);
          runtime = ready;
          deps.logger.info('feed leader ready');
        })
        .finally(() => (preparing = null));
      return;
    }
    await quotes.rewriteIfRedisCameBack();
    await quotes.publish(runtime.providers.flatMap((p) => p.next(clock.nowMs())));
    beats += 1;
    if (beats % persistEvery === 0) persist();
  };
  // One beat at a time: while Redis is down a beat waits, and the next ones are skipped, not queued.
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    beat()
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'feed beat failed'))
      .finally(() => (beating = false));
  }, deps.intervalMs);
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearInterval(timer);
      quotes.detach();
      await preparing?.catch(() => undefined);
      persist();
      await persisting;
      if (leader) await deps.redis.eval(RELEASE_IF_OWNER, 1, keys.feedLeaderLock, owner);
    },
  };
}

/** Takes the lease (SET NX PX) or renews the one this process holds; true while it holds it. */
async function holdLease(redis: Redis, key: string, owner: string, held: boolean) {
  return held
    ? (await redis.eval(RENEW_IF_OWNER, 1, key, owner, LEASE_MS)) === 1
    : (await redis.set(key, owner, 'PX', LEASE_MS, 'NX')) === 'OK';
}

/**
 * The latest snapshot the leader published per symbol. Every time the connection becomes ready
 * again (after an outage; a restarted Redis is empty) the next beat rewrites them all.
 */
function rememberedQuotes(redis: Redis, keys: ReturnType<typeof redisKeys>, logger: Logger) {
  const latest = new Map<string, QuoteSnapshot>();
  const seqs = continuedSeqs();
  let seqsDue = true;
  let rewriteDue = false;
  const onReady = () => (rewriteDue = true);
  redis.on('ready', onReady);
  return {
    async publish(provided: QuoteSnapshot[]): Promise<void> {
      const snapshots = provided.map((snapshot) => seqs.renumber(snapshot));
      for (const snapshot of snapshots) latest.set(snapshot.symbol, snapshot);
      await publish(redis, keys, snapshots);
    },
    /** On becoming leader, reads each symbol's latest seq in Redis: its ticks go on from there. */
    async continueSeqsWhenLeading(leader: boolean): Promise<void> {
      if (!leader) seqsDue = true;
      if (!leader || !seqsDue) return;
      seqs.continueFrom(await redis.hgetall(keys.latestQuotes));
      seqsDue = false;
    },
    async rewriteIfRedisCameBack(): Promise<void> {
      if (!rewriteDue || latest.size === 0) return;
      const all: Record<string, string> = {};
      for (const [symbol, snapshot] of latest) all[symbol] = JSON.stringify(snapshot);
      await redis.hset(keys.latestQuotes, all);
      rewriteDue = false;
      logger.info({ symbols: latest.size }, 'latest quotes rewritten after redis came back');
    },
    detach: () => void redis.off('ready', onReady),
  };
}

/**
 * A provider counts each symbol's `seq` from 1 when it starts; the leader adds an offset per symbol
 * so that its ticks go on past the highest seq Redis holds (the previous leader's last).
 */
function continuedSeqs() {
  const offsets = new Map<string, number>();
  const provided = new Map<string, number>();
  return {
    continueFrom(stored: Record<string, string>): void {
      for (const [symbol, raw] of Object.entries(stored)) {
        const seq = seqOf(raw);
        const offset = seq - (provided.get(symbol) ?? 0);
        if (offset > (offsets.get(symbol) ?? 0)) offsets.set(symbol, offset);
      }
    },
    renumber(snapshot: QuoteSnapshot): QuoteSnapshot {
      provided.set(snapshot.symbol, snapshot.seq);
      const offset = offsets.get(snapshot.symbol) ?? 0;
      return offset === 0 ? snapshot : { ...snapshot, seq: snapshot.seq + offset };
    },
  };
}

function seqOf(raw: string): number {
  try {
    const seq = (JSON.parse(raw) as { seq?: unknown }).seq;
    return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : 0;
  } catch {
    return 0;
  }
}

async function publish(
  redis: Redis,
  keys: ReturnType<typeof redisKeys>,
  snapshots: QuoteSnapshot[],
): Promise<void> {
  if (snapshots.length === 0) return;
  const latest: Record<string, string> = {};
  for (const snapshot of snapshots) latest[snapshot.symbol] = JSON.stringify(snapshot);
  await redis
    .multi()
    .hset(keys.latestQuotes, latest)
    .publish(keys.tickChannel, JSON.stringify(snapshots.map(tickOf)))
    .exec();
}
