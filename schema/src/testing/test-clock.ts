import type { Clock } from '../contracts/runtime.ts';

/** A clock a test owns: it starts where the test says and moves only when read or advanced. */
export interface TestClock extends Clock {
  /** Moves the clock forward (jobs due by then become due). */
  advance(ms: number): void;
  /** Sets the clock to a time (never backwards: a test clock, like a real one, only moves on). */
  set(ms: number): void;
}

/**
 * A test clock that also steps one millisecond per reading, so rows written one after another get
 * ordered stamps, as they would on a real clock, while every date stays the test's own.
 */
export function testClock(startMs: number): TestClock {
  let now = startMs;
  return {
    nowMs: () => (now += 1),
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      if (ms < now) throw new Error(`test clock moved backwards (${now} → ${ms})`);
      now = ms;
    },
  };
}
