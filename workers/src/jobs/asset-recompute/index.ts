import type { JobModule } from '../job-module.ts';
import { startAssetRecomputeWorker } from './asset-recompute.processor.ts';

/** Recomputes an account's summaries after a change (the worker closes with the role). */
export const assetRecomputeJobs: JobModule = {
  name: 'asset-recompute',
  start: async ({ db, redis, emitter, redisPrefix, logger, workers }) => {
    workers.push(startAssetRecomputeWorker({ db, redis, emitter, redisPrefix, logger }));
    return () => Promise.resolve();
  },
};
