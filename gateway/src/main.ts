import { isTestClock, offsetClock, systemClock } from '@kabuto/schema/contracts';
import { createDb, dbTargetFrom } from '@kabuto/schema/db';
import { sealModuleSecretsAtRest } from '@kabuto/schema/modules/wiring.ts';
import { loadConfig } from './infra/config.ts';
import { createLogger } from './infra/logger.ts';
import { createRedis } from './infra/redis.ts';
import { followTestClock } from './infra/test-clock.ts';
import { createGateway } from './app.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploads } from './modules/uploads/orphan-sweep.ts';

/** Composition root: config -> db -> redis -> http + sockets; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = createDb(dbTargetFrom({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const redis = createRedis(config.redisUrl, logger, 'gateway');
  // Production runs on the system clock; a stack the tests start, on the clock they move.
  const clock = config.testFixtures ? offsetClock() : systemClock;
  const testClock = isTestClock(clock)
    ? await followTestClock(redis, { redisPrefix: config.redisPrefix, clock, logger })
    : null;
  const gateway = createGateway({ config, db, redis, logger, clock });
  // Rows written before their secrets were sealed at rest are sealed before any call reads them.
  const sealed = await sealModuleSecretsAtRest(db, gateway.deps.secrets);
  if (sealed > 0) logger.info({ sealed }, 'plain secrets sealed at rest');
  const port = await gateway.listen(config.port);
  logger.info({ port, mode: config.mode }, 'gateway listening');
  const sweep = () =>
    sweepOrphanUploads(db, config.dataDir, Date.now())
      .then(
        (removed) =>
          removed.length && logger.info({ removed: removed.length }, 'orphan uploads removed'),
      )
      .catch((error: unknown) => logger.warn({ err: String(error) }, 'upload sweep failed'));
  void sweep();
  setInterval(() => void sweep(), ORPHAN_MIN_AGE_MS).unref();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    testClock?.stop();
    await gateway.close();
    await db.destroy();
    redis.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('unhandledRejection', (reason) =>
    logger.error({ reason: String(reason) }, 'unhandled rejection'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
