import type { Queue } from 'bullmq';
import {
  traced,
  ipoStepJob,
  ipoStepJobId,
  type IpoStep,
  type QueuePayloads,
} from '@kabuto/schema/contracts';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';

/** A listing's four step times. */
export interface IpoStepTimes {
  readonly id: number;
  readonly subscribeEnd: number;
  readonly drawAt: number;
  readonly payDeadline: number;
  readonly listingAt: number;
}

/**
 * Schedules a listing's freeze, draw, forfeit and listing jobs on `ipo-allotment` (fixed job ids). A hint
 * after commit: if Redis is down the listing stands and the workers' sweep runs each step when due.
 * Calls for one listing run one after another in the order they were made (after-commit hooks
 * are not awaited, so a create and two quick edits would otherwise interleave their removes and
 * adds and leave an older time in place).
 */
export interface IpoStepQueue {
  /** `requestId`: the call that wrote the listing, carried into its jobs for the workers' log. */
  schedule(listing: IpoStepTimes, requestId?: string): Promise<void>;
  /** After an edit: the old delayed jobs are dropped and the steps scheduled at the new times. */
  reschedule(listing: IpoStepTimes, requestId?: string): Promise<void>;
  close(): Promise<void>;
}

const STEPS = (l: IpoStepTimes): Array<[IpoStep, number]> => [
  ['freeze', l.subscribeEnd],
  ['draw', l.drawAt],
  ['forfeit', l.payDeadline],
  ['list', l.listingAt],
];

/** Runs work per key in call order; a failure does not stop the next. */
function serialPerKey() {
  const tails = new Map<number, Promise<void>>();
  return {
    run(key: number, work: () => Promise<void>): Promise<void> {
      const next = (tails.get(key) ?? Promise.resolve()).then(work, work);
      tails.set(key, next);
      void next.finally(() => {
        if (tails.get(key) === next) tails.delete(key);
      });
      return next;
    },
    settled: () => Promise.allSettled([...tails.values()]),
  };
}

export function createIpoStepQueue(
  queue: Queue<QueuePayloads['ipo-allotment']>,
  logger: Logger,
  clock: Clock,
): IpoStepQueue {
  const serial = serialPerKey();
  const warn = (ipoId: number) => (error: unknown) => {
    logger.warn({ err: String(error), ipoId }, 'ipo step not queued; the sweep will run it');
  };
  // Each delay is measured when its job is added, not when the listing was written: queued after
  // commit and one listing at a time, a job added seconds later would otherwise fall due late.
  const add = async (listing: IpoStepTimes, requestId: string | undefined) => {
    for (const [step, atMs] of STEPS(listing)) {
      const job = ipoStepJob(listing.id, step, atMs, clock.nowMs());
      await queue.add(job.name, traced(job.data, requestId), job.opts).catch(warn(listing.id));
    }
  };
  return {
    schedule: (listing, requestId) => serial.run(listing.id, () => add(listing, requestId)),
    reschedule: (listing, requestId) =>
      serial.run(listing.id, async () => {
        for (const [step] of STEPS(listing)) {
          await queue.remove(ipoStepJobId(listing.id, step)).catch(warn(listing.id));
        }
        await add(listing, requestId);
      }),
    async close() {
      await serial.settled();
      await queue.close();
    },
  };
}
