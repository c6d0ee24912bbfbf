import { describe, expect, it } from 'vitest';
import { HEALTHY_UPTIME_MS, MAX_DELAY_MS, afterExit } from '../supervisor-backoff.mjs';

/** Replays a service's exits (each with how long it had run) and returns the delays the supervisor chose. */
function delaysFor(uptimesMs: readonly number[]): number[] {
  let crashes = 0;
  return uptimesMs.map((uptime) => {
    const next = afterExit(crashes, uptime);
    crashes = next.crashesInRow;
    return next.delayMs;
  });
}

describe('supervisor restart backoff', () => {
  it('doubles for crashes in a row and stops at 30 s', () => {
    expect(delaysFor([100, 100, 100, 100, 100, 100, 100, 100])).toEqual([
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
  });

  it('starts again at 1 s once the service has run a healthy minute', () => {
    const crashLoop = [100, 100, 100, 100, 100, 100];
    expect(delaysFor([...crashLoop, HEALTHY_UPTIME_MS, 100])).toEqual([
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_DELAY_MS,
      1000,
      2000,
    ]);
  });

  it('a crash just short of a healthy minute still counts as in a row', () => {
    expect(delaysFor([100, 100, HEALTHY_UPTIME_MS - 1])).toEqual([1000, 2000, 4000]);
  });

  it('five crashes spread over a long life never make the sixth restart wait 30 s', () => {
    const hourly = Array.from({ length: 6 }, () => 60 * 60 * 1000);
    expect(delaysFor(hourly)).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
  });
});
