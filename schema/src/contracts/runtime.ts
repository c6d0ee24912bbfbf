import { z } from 'zod';

/** Where time comes from in every service: the system clock in production, a fixed one in tests. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

/** A clock that always reads `ms` (tests stamp a known time with it). */
export function fixedClock(ms: number): Clock {
  return { nowMs: () => ms };
}

/** KABUTO_MODE of every service: paper trading, or live (not supported on the simulator). */
export const kabutoModeSchema = z.enum(['paper', 'live']).default('paper');
export type KabutoMode = z.infer<typeof kabutoModeSchema>;

/**
 * The one rule every service applies to KABUTO_MODE at start: live needs a real market-data
 * provider, a licence and PostgreSQL, none of which the simulator has, so a live start is refused.
 */
export function refuseUnsupportedMode(mode: KabutoMode): 'paper' {
  if (mode === 'live') {
    throw new Error(
      'KABUTO_MODE=live needs a real market-data provider, a licence and PostgreSQL; none is configured',
    );
  }
  return mode;
}

/** What `watchConnection` needs of a logger (pino's Logger has it). */
export interface ConnectionLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** A connection that reports losing and regaining its server (an ioredis client does). */
export interface ConnectionEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

/**
 * Gives a connection its error handler (without one ioredis prints "Unhandled error event" on
 * every reconnect attempt): one warning when the connection is lost, one line when it is back.
 * The gateway and the workers both watch their Redis connections with it (they may not import
 * each other, and this takes no Redis dependency).
 */
export function watchConnection<T extends ConnectionEvents>(
  client: T,
  logger: ConnectionLogger,
  name: string,
): T {
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
