import { Redis, type RedisOptions } from 'ioredis';
import { Refusal, watchConnection } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';

export function createRedis(url: string, logger: Logger, name: string): Redis {
  return watchConnection(
    new Redis(url, { maxRetriesPerRequest: 3, connectionName: name, lazyConnect: false }),
    logger,
    name,
  );
}

/** A second connection to the same server (a subscriber, a queue's), with its own error handler. */
export function duplicateRedis(
  base: Redis,
  logger: Logger,
  name: string,
  options: Partial<RedisOptions> = {},
): Redis {
  return watchConnection(base.duplicate({ connectionName: name, ...options }), logger, name);
}

/**
 * Refuses at once with `service_unavailable` (HTTP 503, retryable) while the connection is not
 * ready, instead of queueing the command until ioredis gives up seconds later. Call before the
 * first Redis read of a call that writes, so a refused call has changed nothing.
 */
export function requireRedis(redis: Redis): void {
  if (redis.status !== 'ready') throw new Refusal('service_unavailable');
}

/** Errors of a lost Redis connection (the command's retries ran out, or the stream is closed). */
export function isRedisUnavailable(error: unknown): boolean {
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError') return true;
  const text = String(message ?? '');
  return text === 'Connection is closed.' || text.startsWith("Stream isn't writeable");
}
