import { recordOf, type RecordOf, type TypesOf } from '../modules/define-module.ts';
import { MODULES, type Modules } from '../modules/index.ts';
import type { IpoStep } from '../modules/ipo/module.ts';

export type { IpoStep } from '../modules/ipo/module.ts';

/**
 * BullMQ queue names (kebab-case) and their payloads, each declared by its module's manifest
 * (`queues`, `queuePayloads`). Job ids are deterministic, no ':'.
 */
export const QUEUE_NAMES = recordOf(MODULES, 'queues') as RecordOf<Modules, 'queues'>;

export type QueuePayloads = TypesOf<Modules, 'queuePayloads'>;

export function queueName(base: keyof QueuePayloads, prefix: string): string {
  return `${prefix}-${base}`;
}

/** One settlement per market and session date: `intraday-settle-JP-2026-11-24`. */
export function intradaySettlementJobId(market: string, sessionDate: string): string {
  return `intraday-settle-${market}-${sessionDate}`;
}

/**
 * The one place an intraday settlement job is built (the workers' scheduler, tests, e2e): due at
 * the session's close, retried with backoff on a transient failure.
 */
export function intradaySettlementJob(
  market: 'JP' | 'US' | 'CN',
  sessionDate: string,
  closesAtMs: number,
  nowMs: number,
): JobSpec<'intraday-settlement'> {
  return {
    name: QUEUE_NAMES.intradaySettlement,
    data: { market, sessionDate },
    opts: {
      jobId: intradaySettlementJobId(market, sessionDate),
      delay: Math.max(0, closesAtMs - nowMs),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP,
    },
  };
}

/** One payout job per withdrawal: a second approval or the start-up sweep cannot queue it twice. */
export function withdrawalPayoutJobId(withdrawalId: number): string {
  return `payout-${withdrawalId}`;
}

/** One recomputation per account, reason and request time (a repeated request is queued once). */
export function assetRecomputeJobId(userId: number, reason: string, atMs: number): string {
  return `assets-${userId}-${reason}-${atMs}`;
}

/** The options of a job as BullMQ's `Queue.add` takes them (a structural subset: schema has no BullMQ). */
export interface JobOptions {
  readonly jobId: string;
  /** Milliseconds to wait before the job runs (a scheduled step). */
  readonly delay?: number;
  readonly attempts?: number;
  readonly backoff?: { readonly type: 'exponential'; readonly delay: number };
  readonly removeOnComplete: number;
  readonly removeOnFail: number;
}

/** A job ready for `queue.add(job.name, job.data, job.opts)`. */
export interface JobSpec<Q extends keyof QueuePayloads> {
  readonly name: Q;
  readonly data: QueuePayloads[Q];
  readonly opts: JobOptions;
}

const KEEP = { removeOnComplete: 1000, removeOnFail: 1000 } as const;

/**
 * The one place a payout job is built, by the gateway on approval and by tests: its id, and its
 * retries (a transient failure is retried with backoff; a refusal is final, see the workers).
 */
export function withdrawalPayoutJob(withdrawalId: number): JobSpec<'withdrawal-payout'> {
  return {
    name: QUEUE_NAMES.withdrawalPayout,
    data: { withdrawalId },
    opts: {
      jobId: withdrawalPayoutJobId(withdrawalId),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP,
    },
  };
}

/** The one place an asset recomputation job is built, by the gateway and by the workers. */
export function assetRecomputeJob(
  userId: number,
  reason: string,
  atMs: number,
): JobSpec<'asset-recompute'> {
  return {
    name: QUEUE_NAMES.assetRecompute,
    data: { userId, reason },
    opts: { jobId: assetRecomputeJobId(userId, reason, atMs), ...KEEP },
  };
}

/** One job per listing and step: scheduling it again (a restart's sweep, an edit) adds nothing. */
export function ipoStepJobId(ipoId: number, step: IpoStep): string {
  return `ipo-${step}-${ipoId}`;
}

/**
 * The one place a new-share step job is built (by the gateway when a listing is created or edited,
 * and by the workers' sweep): due at `atMs`, retried with backoff on a transient failure.
 */
export function ipoStepJob(
  ipoId: number,
  step: IpoStep,
  atMs: number,
  nowMs: number,
): JobSpec<'ipo-allotment'> {
  return {
    name: QUEUE_NAMES.ipoAllotment,
    data: { ipoId, step },
    opts: {
      jobId: ipoStepJobId(ipoId, step),
      delay: Math.max(0, atMs - nowMs),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP,
    },
  };
}

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
