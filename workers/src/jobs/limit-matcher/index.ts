import type { JobModule } from '../job-module.ts';
import { startLimitMatcher } from './limit-matcher.ts';

/** Fills resting limit orders when the price crosses them. */
export const limitMatcherJobs: JobModule = {
  name: 'limit-matcher',
  start: async (context) => {
    const matcher = await startLimitMatcher({ ...context, logger: context.named('limit-matcher') });
    return () => matcher.stop();
  },
};
