import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  queueName,
  Refusal,
  systemClock,
  type Clock,
  type QueuePayloads,
} from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { startJobWorker } from '../../infra/job-worker.ts';
import type { BankTransferProvider } from './bank-transfers.ts';
import { payWithdrawal, unpaidApprovedWithdrawals } from './withdrawal-payout.ts';

type Payload = QueuePayloads['withdrawal-payout'];

/**
 * How often approved withdrawals still unpaid (a lost job, a bank outage, a gateway that could not
 * queue) are paid by the sweep. One the bank refused is `failed` and never picked again.
 */
const SWEEP_MS = 60_000;

export interface PayoutDeps {
  readonly db: Db;
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly transfers: BankTransferProvider;
  readonly emitter: AccountEmitter;
  readonly logger: Logger;
  readonly clock?: Clock;
}

/**
 * Pays every approved, unpaid withdrawal directly. Safe beside the queue's worker: the claim, the
 * provider key and the conditional update make a second payment of the same withdrawal a no-op.
 */
export async function payUnpaidWithdrawals(deps: PayoutDeps): Promise<number> {
  let paid = 0;
  for (const withdrawalId of await unpaidApprovedWithdrawals(deps.db)) {
    const result = await payOne(deps, withdrawalId).catch((error: unknown) => {
      deps.logger.warn(
        { err: String(error), withdrawalId },
        error instanceof Refusal
          ? 'payout refused by the bank; returned to the user'
          : 'payout not settled (still in flight, timed out or failed); left sending, retried once its claim lease runs out',
      );
      return null;
    });
    if (result) paid += 1;
  }
  return paid;
}

/** One payout; its events are recorded in the payout's own transaction (the outbox relays them). */
function payOne(deps: PayoutDeps, withdrawalId: number): Promise<{ userId: number } | null> {
  return payWithdrawal(
    {
      db: deps.db,
      transfers: deps.transfers,
      clock: deps.clock ?? systemClock,
      emitter: deps.emitter,
    },
    withdrawalId,
  );
}

/** Pays withdrawals as their jobs arrive (attempts and backoff are the gateway's job options), and sweeps for any left unpaid. */
export async function startWithdrawalPayouts(deps: PayoutDeps): Promise<{ stop(): Promise<void> }> {
  const name = queueName('withdrawal-payout', deps.redisPrefix);
  const worker = startJobWorker(
    name,
    async (job: Job<Payload>) => {
      await payOne(deps, job.data.withdrawalId);
    },
    {
      connection: deps.redis.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 2,
      logger: deps.logger,
    },
  );
  const sweep = () =>
    payUnpaidWithdrawals(deps).catch((error: unknown) =>
      deps.logger.warn({ err: String(error) }, 'payout sweep failed'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  return {
    async stop() {
      clearInterval(timer);
      await worker.close();
    },
  };
}
