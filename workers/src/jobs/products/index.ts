import type { JobModule } from '../job-module.ts';
import { strikeDueProducts } from './nav-strike.ts';
import { payDueRedemptions } from './redemption-payment.ts';

/** How often closes due a NAV and redemptions due a payment are looked for. */
const SWEEP_MS = 60_000;

/**
 * Copy-trading products: each product's NAV is struck at its market's close (follows get their
 * units, redemptions their value) and redemptions are paid on their payment day. A sweep at
 * start, every minute and when the test clock moves: the sweep is the schedule, so a restart
 * loses nothing and a second worker strikes nothing twice.
 */
export const productJobs: JobModule = {
  name: 'products',
  start: async ({ db, emitter, clock, named, onClockMove }) => {
    const logger = named('product-nav');
    let sweeping: Promise<unknown> | null = null;
    const sweep = () => {
      sweeping ??= (async () => {
        const struck = await strikeDueProducts({ db, emitter, clock, logger });
        const paid = await payDueRedemptions({ db, emitter, clock, logger });
        if (struck + paid > 0)
          {logger.info({ struck, paid }, 'product NAVs struck, redemptions paid');}
      })()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'product sweep failed'))
        .finally(() => (sweeping = null));
      return sweeping;
    };
    void sweep();
    const timer = setInterval(() => void sweep(), SWEEP_MS);
    onClockMove.push(() => void sweep());
    return async () => {
      clearInterval(timer);
      await sweeping;
    };
  },
};
