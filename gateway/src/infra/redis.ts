import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export function createRedis(url: string, logger: Logger, name: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 3, connectionName: name, lazyConnect: false });
  client.on('error', (error) => logger.warn({ err: error.message, name }, 'redis error'));
  return client;
}
