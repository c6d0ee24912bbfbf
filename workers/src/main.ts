import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, type Worker } from 'bullmq';
import {
  isTestClock,
  offsetClock,
  queueName,
  systemClock,
  type Clock,
} from '@kabuto/schema/contracts';
import { createDb, dbTargetFrom, keepListedInstrumentsFresh } from '@kabuto/schema/db';
import { loadConfig } from './config.ts';
import { createLogger, type Logger } from './infra/logger.ts';
import { createRedis, duplicateRedis, quietOnError } from './infra/redis.ts';
import { createAccountEmitter } from './infra/account-emitter.ts';
import { installProcessGuards } from './infra/process-guard.ts';
import { followTestClock } from './infra/test-clock.ts';
import { announceListing, followListingAnnouncements } from './infra/listing-announcements.ts';
import { startAssetRecomputeWorker } from './jobs/asset-recompute/asset-recompute.processor.ts';
import { startLimitMatcher } from './jobs/limit-matcher/limit-matcher.ts';
import { startStopOutWatcher } from './jobs/stop-out/stop-out.ts';
import { createLocalBankTransfers } from './jobs/withdrawal-payout/bank-transfers.ts';
import { startWithdrawalPayouts } from './jobs/withdrawal-payout/withdrawal-payout.processor.ts';
import { startIpoAllotment } from './jobs/ipo-allotment/ipo-allotment.processor.ts';
import { startLoanInterest } from './jobs/loan-interest/loan-interest.processor.ts';
import { startIntradaySettlement } from './jobs/intraday-settlement/intraday-settlement.processor.ts';
import { feedClosingPrice } from './jobs/intraday-settlement/closing-price.ts';
import { createLocalBeacon } from './feeds/beacon/local-beacon.ts';
import { createDrandBeacon } from './feeds/beacon/drand-beacon.ts';
import { prepareReplayRuntime, prepareSimulatorRuntime } from './feeds/market-data/feed-runtime.ts';
import { startFeedLeader } from './feeds/market-data/feed-leader.ts';

type WorkerConfig = ReturnType<typeof loadConfig>;
type Redis = ReturnType<typeof createRedis>;
type Db = ReturnType<typeof createDb>;
type Stopper = () => Promise<void>;

interface Role {
  readonly config: WorkerConfig;
  readonly redis: Redis;
  readonly db: Db;
  readonly logger: Logger;
  /** The system clock; on a stack the tests start, the clock they move. */
  readonly clock: Clock;
  /** Run when the tests move the clock (a test stack only): the jobs sweep what fell due. */
  readonly onClockMove: Array<() => void>;
}

function startAssetQueue({ config, redis, logger }: Role) {
  const name = queueName('asset-recompute', config.redisPrefix);
  const connection = duplicateRedis(redis, logger, name, { maxRetriesPerRequest: null });
  return quietOnError(new Queue(name, { connection }), logger, name);
}

/** The jobs role: asset recomputation, the limit matcher, the stop-out watcher, withdrawal payouts, new-share steps. */
async function startJobs(role: Role, workers: Worker[]): Promise<Stopper[]> {
  const { config, redis, db, logger, clock } = role;
  const redisPrefix = config.redisPrefix;
  const named = (name: string) => createLogger(config.logLevel, name);
  const emitter = createAccountEmitter(redis, redisPrefix, db);
  workers.push(startAssetRecomputeWorker({ db, redis, emitter, redisPrefix, logger }));
  const assetQueue = startAssetQueue(role);
  const shared = { db, redis, redisPrefix, emitter, assetQueue, clock };
  const matcher = await startLimitMatcher({ ...shared, logger: named('limit-matcher') });
  const stopOut = await startStopOutWatcher({ ...shared, logger: named('stop-out') });
  mkdirSync(config.dataDir, { recursive: true });
  const transfers = createLocalBankTransfers(join(config.dataDir, 'bank-transfers.jsonl'), clock);
  const payouts = await startWithdrawalPayouts({
    db,
    redis,
    redisPrefix,
    transfers,
    emitter,
    logger: named('withdrawal-payout'),
    clock,
  });
  const localBeacon = createLocalBeacon();
  const drandBeacon = createDrandBeacon({ clock });
  const allotment = await startIpoAllotment({
    db,
    redis,
    redisPrefix,
    emitter,
    clock,
    beaconFor: (kind) => (kind === 'drand' ? drandBeacon : localBeacon),
    announceListing: (symbol) => announceListing(redis, redisPrefix, symbol),
    logger: named('ipo-allotment'),
  });
  role.onClockMove.push(() => void allotment.sweep());
  const loanInterest = startLoanInterest({ ...shared, logger: named('loan-interest') });
  const intraday = await startIntradaySettlement({
    ...{ db, redis, redisPrefix, emitter, clock, forcedCloseFee: config.forcedCloseFee },
    closingPrice: feedClosingPrice({
      ...{ db, redis, redisPrefix },
      alwaysOpen: config.clock === 'always-open',
    }),
    logger: named('intraday-settlement'),
  });
  return [
    () => loanInterest.stop(),
    () => intraday.stop(),
    () => allotment.stop(),
    () => matcher.stop(),
    () => stopOut.stop(),
    () => payouts.stop(),
    () => assetQueue.close(),
  ];
}

/** The feed role: the market-data leader (simulator or replay) under a Redis lease. */
function startFeed({ config, redis, db }: Role): Stopper {
  const logger = createLogger(config.logLevel, 'feed');
  const prepare =
    config.feed === 'replay'
      ? () => prepareReplayRuntime({ directory: config.replayDir, seed: config.seed, logger })
      : () =>
          prepareSimulatorRuntime({
            db,
            seed: config.seed,
            clock: config.clock,
            historyDays: config.historyDays,
            minuteDays: config.minuteDays,
            logger,
            wallClock: systemClock,
          });
  const feed = startFeedLeader({
    redis,
    redisPrefix: config.redisPrefix,
    prepare,
    intervalMs: config.feedIntervalMs,
    logger,
    clock: systemClock,
  });
  return () => feed.stop();
}

/** Starts the roles in KABUTO_ROLES (jobs, feed); closes workers, feed, db and Redis on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'main');
  installProcessGuards(logger);
  const redis = createRedis(config.redisUrl, logger, 'workers');
  const db = createDb(dbTargetFrom({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const clock = config.testFixtures ? offsetClock() : systemClock;
  const role: Role = { config, redis, db, logger, clock, onClockMove: [] };
  const workers: Worker[] = [];
  const stoppers: Stopper[] = [];
  if (isTestClock(clock)) {
    const onMove = () => role.onClockMove.forEach((run) => run());
    const { redisPrefix } = config;
    const following = await followTestClock(redis, { redisPrefix, clock, logger, onMove });
    stoppers.push(() => Promise.resolve(following.stop()));
  }
  // Listed new shares become instruments here too (the feed ticks them, jobs value and close them).
  const listed = await keepListedInstrumentsFresh(
    db,
    () => clock.nowMs(),
    (error) => logger.warn({ err: String(error) }, 'listed instruments refresh failed'),
  );
  // …at once when the list step announces a listing (the refresh above is the safety net).
  const announcements = await followListingAnnouncements(redis, {
    redisPrefix: config.redisPrefix,
    logger,
    refresh: listed.refresh,
  });
  stoppers.push(
    () => Promise.resolve(listed.stop()),
    () => announcements.stop(),
  );
  if (config.roles.has('jobs')) stoppers.push(...(await startJobs(role, workers)));
  if (config.roles.has('feed')) stoppers.push(startFeed(role));
  logger.info({ roles: [...config.roles] }, 'workers started');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'workers stopping');
    for (const stopper of stoppers) await stopper();
    await Promise.all(workers.map((w) => w.close()));
    await db.destroy();
    redis.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
