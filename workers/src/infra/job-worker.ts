import { UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import { Refusal, requestIdOfJob } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';
import { quietOnError } from './redis.ts';

/**
 * A processor whose business refusals are final: a `Refusal` becomes BullMQ's `UnrecoverableError`,
 * so the job fails once with the refusal's msg key instead of being retried like a transient error.
 */
export function refusalsAreFinal<T>(
  process: (job: Job<T>) => Promise<void>,
): (job: Job<T>) => Promise<void> {
  return async (job) => {
    try {
      await process(job);
    } catch (error) {
      if (error instanceof Refusal) throw new UnrecoverableError(error.msg);
      throw error;
    }
  };
}

/** Queues whose jobs are too many to log each at info (a recomputation per account event). */
const QUIET_QUEUES = /asset-recompute$/;

/**
 * Every BullMQ worker of this process: refusals final, its `error` events logged (a lost
 * connection once, by the connection's handler), each job logged when done and each failed
 * attempt when it fails, with its job id and the id of the request that queued it (`requestId`,
 * the gateway's X-Request-Id), so one call can be followed into its jobs.
 */
export function startJobWorker<T>(
  name: string,
  process: (job: Job<T>) => Promise<void>,
  options: WorkerOptions & { logger: Logger },
): Worker<T> {
  const { logger, ...workerOptions } = options;
  const worker = new Worker<T>(name, refusalsAreFinal(process), workerOptions);
  const level = QUIET_QUEUES.test(name) ? 'debug' : 'info';
  worker.on('completed', (job) =>
    logger[level]({ name, jobId: job.id, requestId: requestIdOfJob(job.data) }, 'job done'),
  );
  worker.on('failed', (job, error) =>
    logger.warn(
      {
        err: error.message,
        name,
        jobId: job?.id,
        attempts: job?.attemptsMade,
        requestId: requestIdOfJob(job?.data),
      },
      'job failed',
    ),
  );
  return quietOnError(worker, logger, name);
}
