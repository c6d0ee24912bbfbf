import { Queue } from 'bullmq';
import { QUEUE_NAMES, withdrawalPayoutJobId, type QueuePayloads } from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';

/**
 * Hands an approved withdrawal to the payout worker. A hint after commit: if Redis is down the
 * approval stands and the worker's sweep pays it within a minute.
 */
export interface PayoutQueue {
  request(withdrawalId: number): Promise<void>;
  close(): Promise<void>;
}

export function createPayoutQueue(
  queue: Queue<QueuePayloads['withdrawal-payout']>,
  logger: Logger,
): PayoutQueue {
  return {
    async request(withdrawalId) {
      await queue
        .add(
          QUEUE_NAMES.withdrawalPayout,
          { withdrawalId },
          {
            jobId: withdrawalPayoutJobId(withdrawalId),
            attempts: 8,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: 1000,
            removeOnFail: 1000,
          },
        )
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
