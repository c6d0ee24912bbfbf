import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JobModule } from '../job-module.ts';
import { createLocalBankTransfers } from './bank-transfers.ts';
import { startWithdrawalPayouts } from './withdrawal-payout.processor.ts';

/** Pays approved withdrawals through the bank (a local file of transfers here). */
export const withdrawalPayoutJobs: JobModule = {
  name: 'withdrawal-payout',
  start: async ({ config, db, redis, redisPrefix, emitter, clock, named }) => {
    mkdirSync(config.dataDir, { recursive: true });
    const transfers = createLocalBankTransfers(join(config.dataDir, 'bank-transfers.jsonl'), clock);
    const payouts = await startWithdrawalPayouts({
      ...{ db, redis, redisPrefix, transfers, emitter, clock },
      logger: named('withdrawal-payout'),
    });
    return () => payouts.stop();
  },
};
