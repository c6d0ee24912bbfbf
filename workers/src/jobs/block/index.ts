import type { JobModule } from '../job-module.ts';
import { startSweep } from '../sweep.ts';
import { settleDueOffers } from './block-settlement.ts';

/**
 * Block trades: at each offer's settlement time its held purchases become holdings, by a sweep
 * (no delayed job yet: the sweep is the schedule, so a restart loses nothing).
 */
export const blockJobs: JobModule = {
  name: 'block',
  start: async (context) => {
    const { db, emitter, clock } = context;
    const logger = context.named('block-settlement');
    return startSweep(context, logger, 'block settlement', async () => {
      const settled = await settleDueOffers({ db, emitter, clock, logger });
      if (settled > 0) logger.info({ settled }, 'block purchases settled');
    });
  },
};
