import { Redis, type RedisOptions } from 'ioredis';
import { watchConnection } from '@kabuto/schema/contracts';
import type { Logger } from './logger.ts';

/** The workers' main connection: commands wait for Redis to come back (BullMQ needs no retry limit). */
export function createRedis(url: string, logger: Logger, name: string): Redis {
  return watchConnection(
    new Redis(url, { maxRetriesPerRequest: null, connectionName: name }),
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

/** Logs a BullMQ queue's or worker's errors (a lost connection is logged once by its handler). */
export function quietOnError<
  T extends { on(event: 'error', listener: (error: Error) => void): unknown },
>(emitter: T, logger: Logger, name: string): T {
  const lostConnection = (error: Error) =>
    error.message.includes('ECONNREFUSED') || error.message.includes('Connection is closed');
  emitter.on('error', (error: Error) => {
    if (!lostConnection(error)) logger.warn({ err: error.message, name }, 'queue error');
  });
  return emitter;
}
