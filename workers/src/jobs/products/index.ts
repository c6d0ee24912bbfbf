import type { JobModule } from '../job-module.ts';
import { startSweep } from '../sweep.ts';
import { strikeDueProducts } from './nav-strike.ts';
import { payDueRedemptions } from './redemption-payment.ts';

/**
 * Copy-trading products: each product's NAV is struck at its market's close (follows get their
 * units, redemptions their value) and redemptions are paid on their payment day, by a sweep (the
 * sweep is the schedule: a restart loses nothing and a second worker strikes nothing twice).
 */
export const productJobs: JobModule = {
  name: 'products',
  start: async (context) => {
    const { db, emitter, clock } = context;
    const logger = context.named('product-nav');
    return startSweep(context, logger, 'product sweep', async () => {
      const struck = await strikeDueProducts({ db, emitter, clock, logger });
      const paid = await payDueRedemptions({ db, emitter, clock, logger });
      if (struck + paid > 0) logger.info({ struck, paid }, 'product NAVs struck, redemptions paid');
    });
  },
};
