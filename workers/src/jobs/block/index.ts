import type { JobModule } from '../job-module.ts';
import { createDrandBeacon } from '../../feeds/beacon/drand-beacon.ts';
import { createLocalBeacon } from '../../feeds/beacon/local-beacon.ts';
import { startSweep } from '../sweep.ts';
import { repriceDemoOffers } from '@kabuto/schema/modules/block/db/demo-prices.ts';
import { drawDueOffers } from './block-draw.ts';
import { settleDueOffers } from './block-settlement.ts';

/**
 * Block trades, by a sweep (the sweep is the schedule, so a restart loses nothing): the demo
 * offers nobody has bought priced from the last close; a lottery
 * offer is drawn once its window ends; at each offer's settlement time its held purchases become
 * holdings.
 */
export const blockJobs: JobModule = {
  name: 'block',
  start: async (context) => {
    const { db, emitter, clock, secrets } = context;
    const logger = context.named('block-settlement');
    const localBeacon = createLocalBeacon();
    const drandBeacon = createDrandBeacon({ clock });
    const beaconFor = (kind: 'local' | 'drand') => (kind === 'drand' ? drandBeacon : localBeacon);
    return startSweep(context, logger, 'block settlement', async () => {
      const repriced = await repriceDemoOffers(db, clock.nowMs());
      if (repriced > 0) logger.info({ repriced }, 'demo block offers priced from the last close');
      const drawn = await drawDueOffers({ db, emitter, clock, logger, beaconFor, secrets });
      if (drawn > 0) logger.info({ drawn }, 'block offers drawn');
      const settled = await settleDueOffers({ db, emitter, clock, logger });
      if (settled > 0) logger.info({ settled }, 'block purchases settled');
    });
  },
};
