import type { JobModule } from '../job-module.ts';
import { feedClosingPrice } from './closing-price.ts';
import { startIntradaySettlement } from './intraday-settlement.processor.ts';

/** The intraday settlement at each market's close. */
export const intradayJobs: JobModule = {
  name: 'intraday',
  start: async ({ config, db, redis, redisPrefix, emitter, clock, named }) => {
    const intraday = await startIntradaySettlement({
      ...{ db, redis, redisPrefix, emitter, clock, forcedCloseFee: config.forcedCloseFee },
      closingPrice: feedClosingPrice({
        ...{ db, redis, redisPrefix },
        alwaysOpen: config.clock === 'always-open',
      }),
      logger: named('intraday-settlement'),
    });
    return () => intraday.stop();
  },
};
