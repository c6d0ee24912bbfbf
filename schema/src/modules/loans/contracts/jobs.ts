import { KEEP, QUEUE_NAMES, type JobSpec } from '../../../contracts/queues.ts';

/** One interest job per Tokyo date: scheduling the same date again (every sweep does) adds nothing. */
export function loanInterestJobId(date: string): string {
  return `loan-interest-${date}`;
}

/** The one place a daily interest job is built (by the workers' scheduler and by tests). */
export function loanInterestJob(date: string): JobSpec<'loan-interest'> {
  return {
    name: QUEUE_NAMES.loanInterest,
    data: { date },
    opts: {
      jobId: loanInterestJobId(date),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP,
    },
  };
}
