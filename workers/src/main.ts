import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, type Worker } from 'bullmq';
import { queueName } from '@kabuto/schema/contracts';
import { createDb, dbTargetFrom } from '@kabuto/schema/db';
import { loadConfig } from './config.ts';
import { createLogger } from './infra/logger.ts';
import { createRedis, duplicateRedis, quietOnError } from './infra/redis.ts';
import { createAccountEmitter } from './infra/account-emitter.ts';
import { startAssetRecomputeWorker } from './jobs/asset-recompute/asset-recompute.processor.ts';
import { startLimitMatcher } from './jobs/limit-matcher/limit-matcher.ts';
import { startStopOutWatcher } from './jobs/stop-out/stop-out.ts';
import { createLocalBankTransfers } from './jobs/withdrawal-payout/bank-transfers.ts';
import { startWithdrawalPayouts } from './jobs/withdrawal-payout/withdrawal-payout.processor.ts';
import { prepareReplayRuntime, prepareSimulatorRuntime } from './feeds/market-data/feed-runtime.ts';
import { startFeedLeader } from './feeds/market-data/feed-leader.ts';

/** Starts the roles in KABUTO_ROLES (jobs, feed); closes workers, feed, db and Redis on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'main');
  const redis = createRedis(config.redisUrl, logger, 'workers');
  const db = createDb(dbTargetFrom({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const workers: Worker[] = [];
  const stoppers: Array<() => Promise<void>> = [];
  if (config.roles.has('jobs')) {
    const emitter = createAccountEmitter(redis, config.redisPrefix);
    workers.push(quietOnError(startAssetRecomputeWorker({ db, redis, emitter, redisPrefix: config.redisPrefix }), logger, 'asset-recompute'));
    const assetQueueName = queueName('asset-recompute', config.redisPrefix);
    const assetQueue = quietOnError(new Queue(assetQueueName, { connection: duplicateRedis(redis, logger, assetQueueName, { maxRetriesPerRequest: null }) }), logger, assetQueueName);
    const matcher = await startLimitMatcher({ db, redis, redisPrefix: config.redisPrefix, emitter, assetQueue, logger: createLogger(config.logLevel, 'limit-matcher') });
    const stopOut = await startStopOutWatcher({ db, redis, redisPrefix: config.redisPrefix, emitter, assetQueue, logger: createLogger(config.logLevel, 'stop-out') });
    mkdirSync(config.dataDir, { recursive: true });
    const transfers = createLocalBankTransfers(join(config.dataDir, 'bank-transfers.jsonl'));
    const payouts = await startWithdrawalPayouts({ db, redis, redisPrefix: config.redisPrefix, transfers, emitter, logger: createLogger(config.logLevel, 'withdrawal-payout') });
    stoppers.push(() => matcher.stop(), () => stopOut.stop(), () => payouts.stop(), () => assetQueue.close());
  }
  if (config.roles.has('feed')) {
    const feedLogger = createLogger(config.logLevel, 'feed');
    const prepare = config.feed === 'replay'
      ? () => prepareReplayRuntime({ directory: config.replayDir, seed: config.seed, logger: feedLogger })
      : () => prepareSimulatorRuntime({ db, seed: config.seed, clock: config.clock, historyDays: config.historyDays, minuteDays: config.minuteDays, logger: feedLogger });
    const feed = startFeedLeader({ redis, redisPrefix: config.redisPrefix, prepare, intervalMs: config.feedIntervalMs, logger: feedLogger });
    stoppers.push(() => feed.stop());
  }
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
  process.on('unhandledRejection', (reason) => logger.error({ reason: String(reason) }, 'unhandled rejection'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
