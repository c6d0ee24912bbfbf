import type { Queue } from 'bullmq';
import {
  ipoStepJob,
  ipoStepJobId,
  type IpoStep,
  type QueuePayloads,
} from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';

/** A listing's three step times. */
export interface IpoStepTimes {
  readonly id: number;
  readonly drawAt: number;
  readonly payDeadline: number;
  readonly listingAt: number;
}

/**
 * Schedules a listing's draw, forfeit and listing jobs on `ipo-allotment` (fixed job ids). A hint
 * after commit: if Redis is down the listing stands and the workers' sweep runs each step when due.
 */
export interface IpoStepQueue {
  schedule(listing: IpoStepTimes, nowMs: number): Promise<void>;
  /** After an edit: the old delayed jobs are dropped and the steps scheduled at the new times. */
  reschedule(listing: IpoStepTimes, nowMs: number): Promise<void>;
  close(): Promise<void>;
}

const STEPS = (l: IpoStepTimes): Array<[IpoStep, number]> => [
  ['draw', l.drawAt],
  ['forfeit', l.payDeadline],
  ['list', l.listingAt],
];

export function createIpoStepQueue(
  queue: Queue<QueuePayloads['ipo-allotment']>,
  logger: Logger,
): IpoStepQueue {
  const warn = (error: unknown, ipoId: number) =>
    logger.warn({ err: String(error), ipoId }, 'ipo step not queued; the sweep will run it');
  const schedule = async (listing: IpoStepTimes, nowMs: number) => {
    for (const [step, atMs] of STEPS(listing)) {
      const job = ipoStepJob(listing.id, step, atMs, nowMs);
      await queue.add(job.name, job.data, job.opts).catch((error: unknown) => {
        warn(error, listing.id);
      });
    }
  };
  return {
    schedule,
    async reschedule(listing, nowMs) {
      for (const [step] of STEPS(listing)) {
        await queue.remove(ipoStepJobId(listing.id, step)).catch((error: unknown) => {
          warn(error, listing.id);
        });
      }
      await schedule(listing, nowMs);
    },
    close: () => queue.close(),
  };
}
