import type { Job } from 'bullmq';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { intradaySettlementJob, queueName, type QueuePayloads } from '@kabuto/schema/contracts';
import { nextSessionClose } from '@kabuto/schema/intraday';
import { MARKETS, type Market } from '@kabuto/schema/market';
import type { Logger } from '../../infra/logger.ts';
import { startJobWorker } from '../../infra/job-worker.ts';
import { quietOnError } from '../../infra/redis.ts';
import { settleSession, type SettlementDeps } from './intraday-settle.ts';

type Payload = QueuePayloads['intraday-settlement'];

/** How often sessions whose close has passed with applications still open are settled (lost jobs). */
const SWEEP_MS = 60_000;

/** Schedules the settlement of `market`'s next close after `afterMs` (the same id adds nothing). */
export async function scheduleNextClose(
  queue: Queue,
  market: Market,
  afterMs: number,
  nowMs: number,
): Promise<void> {
  const session = nextSessionClose(market, afterMs);
  const job = intradaySettlementJob(market, session.date, session.closesAtMs, nowMs);
  await queue.add(job.name, job.data, job.opts);
}

/** Sessions already closed with an application still open (a job lost or not yet run). */
async function overdueSessions(deps: SettlementDeps): Promise<{ market: Market; date: string }[]> {
  const rows = await deps.db
    .selectFrom('intraday_application')
    .select(['market', 'session_date'])
    .distinct()
    .where('status', 'in', ['applied', 'trading', 'submitted'])
    .where('closes_at', '<=', BigInt(deps.clock.nowMs()))
    .execute();
  return rows.map((r) => ({ market: r.market as Market, date: r.session_date }));
}

export interface IntradaySettlementDeps extends SettlementDeps {
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly logger: Logger;
}

/**
 * The `intraday-settlement` worker: one job per market and session date, delayed to that
 * market's close by the calendar (early closes and holidays included). At start and after each
 * settlement it schedules each market's next close; a sweep settles overdue sessions.
 */
export async function startIntradaySettlement(
  deps: IntradaySettlementDeps,
): Promise<{ stop(): Promise<void> }> {
  const name = queueName('intraday-settlement', deps.redisPrefix);
  const connection = deps.redis.duplicate({ maxRetriesPerRequest: null });
  const queue = quietOnError(new Queue(name, { connection }), deps.logger, name);
  let running = Promise.resolve();
  const settle = (market: Market, date: string) => {
    const next = running.then(() => settleSession(deps, { market, date }));
    running = next.then(() => undefined).catch(() => undefined);
    return next;
  };
  const worker = startJobWorker(
    name,
    async (job: Job<Payload>) => {
      await settle(job.data.market, job.data.sessionDate);
      const nowMs = deps.clock.nowMs();
      await scheduleNextClose(queue, job.data.market, nowMs, nowMs);
    },
    {
      connection: deps.redis.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 1,
      lockDuration: 300_000,
      logger: deps.logger,
    },
  );
  const sweep = async () => {
    const nowMs = deps.clock.nowMs();
    for (const market of MARKETS) await scheduleNextClose(queue, market, nowMs, nowMs);
    for (const session of await overdueSessions(deps)) await settle(session.market, session.date);
  };
  const sweepSafely = () =>
    sweep().catch((error: unknown) =>
      deps.logger.warn({ err: String(error) }, 'intraday sweep failed'),
    );
  void sweepSafely();
  const timer = setInterval(() => void sweepSafely(), SWEEP_MS);
  return {
    async stop() {
      clearInterval(timer);
      await worker.close();
      await running;
      await queue.close();
    },
  };
}
