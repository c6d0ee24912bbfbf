import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import {
  assetRecomputeJobId,
  fixedClock,
  queueName,
  QUEUE_NAMES,
  traced,
} from '@kabuto/schema/contracts';
import { startJobWorker } from '../src/infra/job-worker.ts';
import { queueAssetRecompute } from '../src/infra/tick-stream.ts';

// The workers' BullMQ plumbing on a real Redis: error events logged, job ids from the contract.
const prefix = `jw${randomBytes(5).toString('hex')}`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
});

afterAll(async () => {
  for (const key of await redis.keys(`bull:${prefix}-*`)) await redis.del(key);
  redis.disconnect();
});

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('job workers', () => {
  it("a worker's error event is logged with the worker's name", async () => {
    const { logger, lines } = capturedLogger();
    const name = queueName('asset-recompute', prefix);
    const worker = startJobWorker(name, async () => undefined, {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
      logger,
      autorun: false,
    });
    try {
      worker.emit('error', new Error('lua script failed'));
      expect(lines).toEqual([
        expect.objectContaining({ msg: 'queue error', name, err: 'lua script failed' }),
      ]);
    } finally {
      await worker.close();
    }
  });

  it('queues an asset recomputation under the id the contract gives it; the same request twice is one job', async () => {
    const queue = new Queue(queueName('asset-recompute', prefix), {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
    });
    const clock = fixedClock(1_764_000_000_000);
    try {
      await queueAssetRecompute(queue, 7, 'limit_fill', clock);
      await queueAssetRecompute(queue, 7, 'limit_fill', clock);
      const jobs = await queue.getJobs(['waiting']);
      expect(jobs.map((j) => [j.id, j.name, j.data])).toEqual([
        [
          assetRecomputeJobId(7, 'limit_fill', clock.nowMs()),
          QUEUE_NAMES.assetRecompute,
          { userId: 7, reason: 'limit_fill' },
        ],
      ]);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('logs each job done and each failure with the id of the request that queued it', async () => {
    const { logger, lines } = capturedLogger();
    const name = queueName('withdrawal-payout', `${prefix}t`);
    const queue = new Queue(name, { connection: redis.duplicate({ maxRetriesPerRequest: null }) });
    const settled = new Promise<void>((resolve) => {
      let seen = 0;
      const worker = startJobWorker(
        name,
        async (job: { data: { withdrawalId: number } }) => {
          if (job.data.withdrawalId === 2) throw new Error('bank timeout');
        },
        { connection: redis.duplicate({ maxRetriesPerRequest: null }), logger },
      );
      const done = () => {
        seen += 1;
        if (seen === 2) void worker.close().then(resolve);
      };
      worker.on('completed', done);
      worker.on('failed', done);
    });
    try {
      await queue.add('withdrawal-payout', traced({ withdrawalId: 1 }, 'req-trace-0001'));
      await queue.add('withdrawal-payout', traced({ withdrawalId: 2 }, 'req-trace-0002'));
      await settled;
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'job done', name, requestId: 'req-trace-0001' }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'job failed', requestId: 'req-trace-0002' }),
      );
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
