import { Queue } from 'bullmq';
import { assetRecomputeJob, traced } from '@kabuto/schema/contracts';
import { systemClock, type Clock } from './clock.ts';
import type { Logger } from './logger.ts';

/** How long requests for one account's recomputation gather before one job is queued. */
export const ASSET_RECOMPUTE_WINDOW_MS = 200;

/**
 * Asks the workers to recompute an account's figures after its events. Requests for one account
 * within ASSET_RECOMPUTE_WINDOW_MS become one job queued at the end of the window (trailing), so a
 * burst of orders costs one Redis job instead of one each, and the job always runs after the
 * burst's last write. A hint: the summary is also recomputed on ticks and on every read.
 */
export interface AssetRecompute {
  /** `requestId`: the call whose writes asked for it (the window's last), for the workers' log. */
  request(userId: number, reason: string, requestId?: string): void;
  /** Queues what is still waiting and closes the queue. */
  close(): Promise<void>;
}

export function createAssetRecompute(
  queue: Queue,
  logger: Logger,
  {
    clock = systemClock,
    windowMs = ASSET_RECOMPUTE_WINDOW_MS,
  }: { clock?: Clock; windowMs?: number } = {},
): AssetRecompute {
  const waiting = new Map<
    number,
    { reason: string; requestId: string | undefined; timer: NodeJS.Timeout }
  >();
  const send = (userId: number) => {
    const entry = waiting.get(userId);
    if (!entry) return Promise.resolve();
    clearTimeout(entry.timer);
    waiting.delete(userId);
    const job = assetRecomputeJob(userId, entry.reason, clock.nowMs());
    return queue
      .add(job.name, traced(job.data, entry.requestId), job.opts)
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.warn({ err: String(error), userId }, 'asset recomputation not queued'),
      );
  };
  return {
    request(userId, reason, requestId) {
      const entry = waiting.get(userId);
      if (entry) {
        entry.reason = reason;
        entry.requestId = requestId ?? entry.requestId;
        return;
      }
      const timer = setTimeout(() => void send(userId), windowMs);
      waiting.set(userId, { reason, requestId, timer });
    },
    async close() {
      await Promise.all([...waiting.keys()].map(send));
      await queue.close();
    },
  };
}
