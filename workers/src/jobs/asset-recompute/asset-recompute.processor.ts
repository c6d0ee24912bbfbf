import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueName, redisKeys, type QueuePayloads } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import { startJobWorker } from '../../infra/job-worker.ts';
import type { Logger } from '../../infra/logger.ts';
import { recomputeAssets } from './asset-recompute.ts';

type Payload = QueuePayloads['asset-recompute'];

/** Thin processor: decode the job, recompute, push `assets:updated` to the account's room. */
export function startAssetRecomputeWorker(deps: {
  db: Db;
  redis: Redis;
  emitter: AccountEmitter;
  redisPrefix: string;
  logger: Logger;
}): Worker<Payload> {
  const latestKey = redisKeys(deps.redisPrefix).latestQuotes;
  return startJobWorker<Payload>(
    queueName('asset-recompute', deps.redisPrefix),
    async (job: Job<Payload>) => {
      const latestQuotes = await deps.redis.hgetall(latestKey);
      const summaries = await recomputeAssets(deps.db, { userId: job.data.userId, latestQuotes });
      await deps.emitter.emit(job.data.userId, 'assets:updated', {
        reason: job.data.reason,
        summaries,
      });
    },
    {
      connection: deps.redis.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 4,
      logger: deps.logger,
    },
  );
}
