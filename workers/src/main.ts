import { Queue, type Worker } from 'bullmq';
import {
  isTestClock,
  offsetClock,
  followAnnouncements,
  queueName,
  redisKeys,
  systemClock,
  type Clock,
} from '@kabuto/schema/contracts';
import {
  createDb,
  createSecretBox,
  dbTargetFrom,
  keepListedInstrumentsFresh,
} from '@kabuto/schema/db';
import { sealModuleSecretsAtRest } from '@kabuto/schema/modules/wiring.ts';
import { keepOperatorCalendarFresh } from '@kabuto/schema/modules/backoffice/db/exchange-calendar.repository.ts';
import { loadConfig } from './config.ts';
import { createLogger, type Logger } from './infra/logger.ts';
import { createRedis, duplicateRedis, quietOnError } from './infra/redis.ts';
import { createAccountEmitter } from './infra/account-emitter.ts';
import { installProcessGuards } from './infra/process-guard.ts';
import { followTestClock } from './infra/test-clock.ts';
import { JOB_MODULES } from './jobs/index.ts';
import type { JobContext } from './jobs/job-module.ts';
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

/**
 * The jobs role: every module's jobs (`jobs/index.ts`), stopped in the reverse order. Rows written
 * before their secrets were sealed at rest are sealed first (the gateway does the same at start).
 */
async function startJobs(role: Role, workers: Worker[]): Promise<Stopper[]> {
  const { config, redis, db, logger, clock, onClockMove } = role;
  const redisPrefix = config.redisPrefix;
  const secrets = createSecretBox(config.dataDir, config.secretKey);
  const sealed = await sealModuleSecretsAtRest(db, secrets);
  if (sealed > 0) logger.info({ sealed }, 'plain secrets sealed at rest');
  // Socket events wait out a Redis restart on a connection of their own, then go out in order.
  const emitRedis = duplicateRedis(redis, logger, 'socket.io-emit', { maxRetriesPerRequest: null });
  const emitter = createAccountEmitter(emitRedis, redisPrefix, db, (error) =>
    logger.warn({ err: String(error) }, 'account event not sent'),
  );
  const assetQueue = startAssetQueue(role);
  const context: JobContext = {
    ...{ config, db, redis, redisPrefix, emitter, assetQueue, clock, logger, workers, onClockMove },
    secrets,
    named: (name) => createLogger(config.logLevel, name),
  };
  const stoppers: Stopper[] = [
    () => assetQueue.close(),
    // After the jobs: what they sent last is written before the connection closes.
    () =>
      emitRedis.status === 'ready'
        ? emitRedis.quit().then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve(emitRedis.disconnect()),
  ];
  for (const jobs of JOB_MODULES) stoppers.unshift(await jobs.start(context));
  return stoppers;
}

/**
 * The feed role: the market-data leader (simulator or replay) under a Redis lease. On a stack the
 * tests start it prints at the clock they move, so a day the tests move to has its prices and
 * closes (a NAV struck at a moved-to close needs them); otherwise at the system clock.
 */
function startFeed({ config, redis, db, clock }: Role): Stopper {
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
    clock,
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
  // Exchange calendars as staff entered them (sessions, settlement days, the feed's hours).
  const calendars = await keepOperatorCalendarFresh(db, {
    onError: (error) => logger.warn({ err: String(error) }, 'calendars reload failed'),
  });
  // …both at once when the list step or the console announces a change (the timers are the net).
  const channels = redisKeys(config.redisPrefix);
  const announcements = await followAnnouncements(
    duplicateRedis(redis, logger, 'house-announcements'),
    {
      [channels.listedInstrumentsChannel]: listed.refresh,
      [channels.calendarChannel]: calendars.refresh,
    },
  );
  stoppers.push(
    () => Promise.resolve(listed.stop()),
    () => Promise.resolve(calendars.stop()),
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
