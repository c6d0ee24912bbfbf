import { recordOf, type RecordOf, type TypesOf } from '../modules/define-module.ts';
import { MODULES, type Modules } from '../modules/index.ts';

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
  /** The real instant the delay counts from (BullMQ's job timestamp). */
  readonly timestamp?: number;
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

/** How many finished and failed jobs BullMQ keeps, for every queue. */
export const KEEP = { removeOnComplete: 1000, removeOnFail: 1000 } as const;

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

/**
 * What a job carries beside its payload: the id of the request that queued it, so the workers'
 * log lines about the job can be found by the id the gateway logged and answered (X-Request-Id).
 */
export interface JobTrace {
  readonly requestId?: string;
}

export function traced<T extends object>(data: T, requestId: string | undefined): T & JobTrace {
  return requestId ? { ...data, requestId } : data;
}

/** The request id a job was queued under, if any. */
export function requestIdOfJob(data: unknown): string | undefined {
  const id = (data as JobTrace | null)?.requestId;
  return typeof id === 'string' ? id : undefined;
}
