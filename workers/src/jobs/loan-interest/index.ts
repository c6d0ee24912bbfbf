import type { JobModule } from '../job-module.ts';
import { startLoanInterest } from './loan-interest.processor.ts';

/** The loans' daily interest and margin calls. */
export const loanJobs: JobModule = {
  name: 'loans',
  start: async (context) => {
    const loanInterest = startLoanInterest({ ...context, logger: context.named('loan-interest') });
    return () => loanInterest.stop();
  },
};
