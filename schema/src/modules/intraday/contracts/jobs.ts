import { KEEP, QUEUE_NAMES, type JobSpec } from '../../../contracts/queues.ts';

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
