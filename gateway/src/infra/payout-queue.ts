import { Queue } from 'bullmq';
import { traced, withdrawalPayoutJob, type QueuePayloads } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';

/**
 * Hands an approved withdrawal to the payout worker. A hint after commit: if Redis is down the
 * approval stands and the worker's sweep pays it within a minute.
 */
export interface PayoutQueue {
  /** `requestId`: the call that approved it, carried into the job for the workers' log. */
  request(withdrawalId: number, requestId?: string): Promise<void>;
  close(): Promise<void>;
}

export function createPayoutQueue(
  queue: Queue<QueuePayloads['withdrawal-payout']>,
  logger: Logger,
): PayoutQueue {
  return {
    async request(withdrawalId, requestId) {
      const job = withdrawalPayoutJob(withdrawalId);
      await queue
        .add(job.name, traced(job.data, requestId), job.opts)
        .catch((error: unknown) =>
          logger.warn(
            { err: String(error), withdrawalId },
            'payout not queued; the sweep will pay it',
          ),
        );
    },
    close: () => queue.close(),
  };
}
