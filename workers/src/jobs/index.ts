import type { JobModule } from './job-module.ts';
import { assetRecomputeJobs } from './asset-recompute/index.ts';
import { limitMatcherJobs } from './limit-matcher/index.ts';
import { stopOutJobs } from './stop-out/index.ts';
import { withdrawalPayoutJobs } from './withdrawal-payout/index.ts';
import { ipoJobs } from './ipo-allotment/index.ts';
import { loanJobs } from './loan-interest/index.ts';
import { intradayJobs } from './intraday-settlement/index.ts';
import { blockJobs } from './block/index.ts';
import { productJobs } from './products/index.ts';
import { alertJobs } from './alerts/index.ts';

/**
 * Every module's jobs, started in this order by the jobs role and stopped in the reverse order:
 * the one list the workers' root registers. A new module adds its folder and one line here.
 */
export const JOB_MODULES: readonly JobModule[] = [
  assetRecomputeJobs,
  limitMatcherJobs,
  stopOutJobs,
  withdrawalPayoutJobs,
  ipoJobs,
  loanJobs,
  intradayJobs,
  blockJobs,
  productJobs,
  alertJobs,
];
