import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueName, type IpoStep, type QueuePayloads } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { Logger } from '../../infra/logger.ts';
import { startJobWorker } from '../../infra/job-worker.ts';
import { drawListing, type IpoDrawDeps } from './ipo-draw.ts';
import { forfeitUnpaid } from './ipo-forfeit.ts';
import { freezeListing } from './ipo-freeze.ts';
import { listPaid } from './ipo-list.ts';

type Payload = QueuePayloads['ipo-allotment'];

/** How often steps that are due and not done (a lost job, a restart) are run by the sweep. */
const SWEEP_MS = 60_000;

const STEPS: Record<IpoStep, (deps: IpoDrawDeps, ipoId: number) => Promise<boolean>> = {
  freeze: freezeListing,
  draw: drawListing,
  forfeit: forfeitUnpaid,
  list: listPaid,
};

/** The steps this process is running now: the sweep beside a job runs a step once at a time. */
const running = new WeakMap<Db, Set<string>>();

/** Runs one step of one listing unless this process is already running it; true if it did work. */
export async function runStep(deps: IpoDrawDeps, ipoId: number, step: IpoStep): Promise<boolean> {
  let mine = running.get(deps.db);
  if (!mine) running.set(deps.db, (mine = new Set()));
  const key = `${step}-${ipoId}`;
  if (mine.has(key)) return false;
  mine.add(key);
  const started = deps.clock.nowMs();
  try {
    const did = await STEPS[step](deps, ipoId);
    if (did) deps.logger?.info({ ipoId, step, ms: deps.clock.nowMs() - started }, 'ipo step done');
    return did;
  } finally {
    mine.delete(key);
  }
}

/**
 * Every step due by now and not done: freezes, draws, forfeits and listings a crash or lost job
 * left. A due draw stands for its freeze too (it freezes first).
 */
export async function dueSteps(db: Db, nowMs: number): Promise<{ ipoId: number; step: IpoStep }[]> {
  const rows = await db
    .selectFrom('ipo_listing')
    .select([
      'id',
      'subscribe_end',
      'list_hash',
      'draw_at',
      'pay_deadline',
      'listing_at',
      'drawn_at',
      'forfeited_at',
      'listed_at',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('list_hash', 'is', null), eb('subscribe_end', '<=', BigInt(nowMs))]),
        eb.and([eb('drawn_at', 'is', null), eb('draw_at', '<=', BigInt(nowMs))]),
        eb.and([eb('forfeited_at', 'is', null), eb('pay_deadline', '<=', BigInt(nowMs))]),
        eb.and([eb('listed_at', 'is', null), eb('listing_at', '<=', BigInt(nowMs))]),
      ]),
    )
    .orderBy('id')
    .execute();
  const due: { ipoId: number; step: IpoStep }[] = [];
  for (const row of rows) {
    const ipoId = Number(row.id);
    if (row.drawn_at === null && row.draw_at <= nowMs) {
      due.push({ ipoId, step: 'draw' });
    } else if (row.drawn_at === null && row.list_hash === null) {
      due.push({ ipoId, step: 'freeze' });
    } else if (row.forfeited_at === null && row.pay_deadline <= nowMs) {
      due.push({ ipoId, step: 'forfeit' });
    } else if (row.listed_at === null && row.listing_at <= nowMs) {
      due.push({ ipoId, step: 'list' });
    }
  }
  return due;
}

/** Runs every due step in order (a listing's forfeit only after its draw, its listing after that). */
export async function sweepDueSteps(deps: IpoDrawDeps, logger: Logger): Promise<number> {
  let done = 0;
  for (let pass = 0; pass < 3; pass++) {
    const due = await dueSteps(deps.db, deps.clock.nowMs());
    let progressed = false;
    for (const { ipoId, step } of due) {
      const did = await runStep(deps, ipoId, step).catch((error: unknown) => {
        logger.warn({ err: String(error), ipoId, step }, 'ipo step failed; the sweep retries it');
        return false;
      });
      if (did) {
        done += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return done;
}

export interface IpoAllotmentDeps extends IpoDrawDeps {
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly logger: Logger;
}

/**
 * Runs the new-share steps as their jobs arrive (scheduled by the gateway with `ipoStepJob`), and
 * sweeps at start and every minute for any step due and not done, so a restart loses nothing.
 */
export async function startIpoAllotment(
  deps: IpoAllotmentDeps,
): Promise<{ stop(): Promise<void>; sweep(): Promise<unknown> }> {
  const name = queueName('ipo-allotment', deps.redisPrefix);
  const worker = startJobWorker(
    name,
    async (job: Job<Payload>) => {
      await runStep(deps, job.data.ipoId, job.data.step);
    },
    {
      connection: deps.redis.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 1,
      lockDuration: 120_000,
      logger: deps.logger,
    },
  );
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= sweepDueSteps(deps, deps.logger)
      .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'ipo sweep failed'))
      .finally(() => (sweeping = null));
    return sweeping;
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  return {
    async stop() {
      clearInterval(timer);
      await worker.close();
      await sweeping;
    },
    /** Runs the due steps now (on a test stack, when the test moves its clock). */
    sweep,
  };
}
