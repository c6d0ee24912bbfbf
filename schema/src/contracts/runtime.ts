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
