import { KEEP, QUEUE_NAMES, type JobSpec } from '../../../contracts/queues.ts';
import type { IpoStep } from '../module.ts';

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
      // BullMQ counts the delay from the job's timestamp, which it otherwise takes when the job is
      // built, after waiting for its connection (seconds under load): the delay's own base instead.
      timestamp: Date.now(),
      delay: Math.max(0, atMs - nowMs),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP,
    },
  };
}
