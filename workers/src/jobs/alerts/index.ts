import type { JobModule } from '../job-module.ts';
import { startAlertWatcher } from './alert-watcher.ts';
import { createPushSender } from './push-sender.ts';

/** Price alerts met by the feed's prints, told by inbox, socket and Web Push. */
export const alertJobs: JobModule = {
  name: 'alerts',
  start: async (context) => {
    const logger = context.named('alerts');
    const push = createPushSender({ db: context.db, logger, nowMs: () => context.clock.nowMs() });
    const watcher = await startAlertWatcher({ ...context, logger, push });
    return () => watcher.stop();
  },
};
