import type { JobModule } from '../job-module.ts';
import { settleDueOffers } from './block-settlement.ts';

/** How often offers due for settlement are looked for. */
const SWEEP_MS = 60_000;

/**
 * Block trades: at each offer's settlement time its held purchases become holdings. A sweep at
 * start, every minute and when the test clock moves (no delayed job yet: the sweep is the
 * schedule, so a restart loses nothing).
 */
export const blockJobs: JobModule = {
  name: 'block',
  start: async ({ db, emitter, clock, named, onClockMove }) => {
    const logger = named('block-settlement');
    let sweeping: Promise<unknown> | null = null;
    const sweep = () => {
      sweeping ??= settleDueOffers({ db, emitter, clock, logger })
        .then((n) => {
          if (n > 0) logger.info({ settled: n }, 'block purchases settled');
        })
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'block settlement failed'))
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
