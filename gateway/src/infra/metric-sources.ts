import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { QUEUE_NAMES, queueName, redisKeys, type QueuePayloads } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { Logger } from './logger.ts';
import type { MetricSources } from './metrics.ts';
import { duplicateRedis } from './redis.ts';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Where the gateway's scrape reads what it does not count itself: every module's queue (one
 * connection for all, opened at the first scrape), the feed's newest tick in Redis and the
 * ledger's journals. Closed with the gateway.
 */
export function createMetricSources(options: {
  db: Db;
  redis: Redis;
  logger: Logger;
  redisPrefix: string;
  nowMs: () => number;
  sockets: () => number;
}): MetricSources & { close(): Promise<void> } {
  let queues: Queue[] | null = null;
  let connection: Redis | null = null;
  const openQueues = () => {
    connection ??= duplicateRedis(options.redis, options.logger, 'metrics', {
      maxRetriesPerRequest: 1,
    });
    const shared = connection;
    queues ??= Object.values(QUEUE_NAMES).map((base) => {
      const queue = new Queue(queueName(base as keyof QueuePayloads, options.redisPrefix), {
        connection: shared,
      });
      queue.on('error', () => undefined);
      return queue;
    });
    return queues;
  };
  return {
    sockets: options.sockets,
    async queueJobs() {
      const counts: Record<string, Record<string, number>> = {};
      for (const queue of openQueues()) {
        const name = queue.name.slice(options.redisPrefix.length + 1);
        counts[name] = await queue.getJobCounts(...JOB_STATES);
      }
      return counts;
    },
    async feedLagSeconds() {
      const raw = await options.redis.hvals(redisKeys(options.redisPrefix).latestQuotes);
      let newest = 0;
      for (const snapshot of raw) {
        const ts = Number((JSON.parse(snapshot) as { ts?: unknown }).ts);
        if (Number.isFinite(ts) && ts > newest) newest = ts;
      }
      return newest ? Math.max(0, (options.nowMs() - newest) / 1000) : null;
    },
    async journals() {
      // The newest id, not a count: one index read however long the ledger grows.
      const row = await sql<{
        n: string | number | bigint | null;
      }>`select max(id) as n from journal`.execute(options.db);
      return Number(row.rows[0]?.n ?? 0);
    },
    async close() {
      for (const queue of queues ?? []) await queue.close().catch(() => undefined);
      connection?.disconnect();
    },
  };
}
