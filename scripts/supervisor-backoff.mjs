// The supervisor's restart policy, kept apart from bootstrap.mjs so it can be unit-tested. Plain
// Node, no dependencies (bootstrap runs before anything is installed).

/** The first restart waits this long; each crash in a row doubles it. */
export const FIRST_DELAY_MS = 1000;
/** No restart waits longer than this. */
export const MAX_DELAY_MS = 30_000;
/** A service that ran this long was healthy: its next crash starts the backoff again. */
export const HEALTHY_UPTIME_MS = 60_000;

/**
 * What the supervisor does when a service exits: `crashesInRow` is the count so far (0 at start),
 * `uptimeMs` how long the exited process ran. Returns the new count and the delay before the next
 * launch: 1 s, 2 s, 4 s … up to 30 s for crashes in a row, back to 1 s after a healthy minute.
 */
export function afterExit(crashesInRow, uptimeMs) {
  const crashes = uptimeMs >= HEALTHY_UPTIME_MS ? 1 : crashesInRow + 1;
  return {
    crashesInRow: crashes,
    delayMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (crashes - 1)),
  };
}
