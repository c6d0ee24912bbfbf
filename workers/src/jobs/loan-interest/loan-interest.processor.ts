import { Queue, type Job } from 'bullmq';
import { loanInterestJob, queueName, type QueuePayloads } from '@kabuto/schema/contracts';
import { endOfTokyoDateMs, endedTokyoDates } from '@kabuto/schema/loans';
import type { Logger } from '../../infra/logger.ts';
import { startJobWorker } from '../../infra/job-worker.ts';
import { quietOnError } from '../../infra/redis.ts';
import { runLoanInterest, type LoanInterestDeps } from './loan-interest.ts';

type Payload = QueuePayloads['loan-interest'];

/** How often the scheduler queues the dates that ended (a job id per date: queued once). */
const SCHEDULE_MS = 10 * 60_000;
/** Ended dates the scheduler (re)queues each time: a worker down for a few days catches up. */
const CATCH_UP_DAYS = 3;

/**
 * Queues one interest job per Tokyo date that ended, for the last `CATCH_UP_DAYS` dates, oldest
 * first (`loan-interest-<date>`: BullMQ keeps one job per id, and the job itself is idempotent
 * per loan and date, so queuing a date again after its job was removed changes nothing).
 */
export async function scheduleEndedDates(queue: Queue, nowMs: number): Promise<string[]> {
  const dates = endedTokyoDates(nowMs, CATCH_UP_DAYS).filter((d) => endOfTokyoDateMs(d) <= nowMs);
  for (const date of dates) {
    const job = loanInterestJob(date);
    await queue.add(job.name, job.data, job.opts);
  }
  return dates;
}

/** The daily interest: a worker for the `loan-interest` queue, and its scheduler. */
export function startLoanInterest(deps: LoanInterestDeps & { logger: Logger }): {
  stop(): Promise<void>;
} {
  const name = queueName('loan-interest', deps.redisPrefix);
  const worker = startJobWorker(
    name,
    async (job: Job<Payload>) => {
      await runLoanInterest(deps, job.data.date);
    },
    {
      connection: deps.redis.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 1,
      lockDuration: 300_000,
      logger: deps.logger,
    },
  );
  const queue = quietOnError(
    new Queue(name, { connection: deps.redis.duplicate({ maxRetriesPerRequest: null }) }),
    deps.logger,
    name,
  );
  const schedule = () =>
    scheduleEndedDates(queue, deps.clock.nowMs()).catch((error: unknown) =>
      deps.logger.warn({ err: String(error) }, 'loan interest not scheduled'),
    );
  void schedule();
  const timer = setInterval(() => void schedule(), SCHEDULE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await worker.close();
      await queue.close();
    },
  };
}
