import type { JobModule } from '../job-module.ts';
import { startStopOutWatcher } from './stop-out.ts';

/** Closes a position whose price reaches its stop-out price. */
export const stopOutJobs: JobModule = {
  name: 'stop-out',
  start: async (context) => {
    const stopOut = await startStopOutWatcher({ ...context, logger: context.named('stop-out') });
    return () => stopOut.stop();
  },
};
