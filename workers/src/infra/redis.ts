import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * Gives a Redis connection its error handler (without one ioredis prints "Unhandled error event"
 * on every reconnect attempt): one warning when the connection is lost, one line when it is back.
 * The workers' twin of the gateway's `watchRedis` (the two packages do not import each other).
 */
export function watchRedis<T extends Redis>(client: T, logger: Logger, name: string): T {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: error.message, name }, 'redis unavailable');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ name }, 'redis back');
  });
  return client;
}

/** The workers' main connection: commands wait for Redis to come back (BullMQ needs no retry limit). */
export function createRedis(url: string, logger: Logger, name: string): Redis {
  return watchRedis(
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
  return watchRedis(base.duplicate({ connectionName: name, ...options }), logger, name);
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
