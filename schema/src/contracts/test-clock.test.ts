import { describe, expect, it } from 'vitest';
import { isTestClock, offsetClock, parseClockOffset } from './test-clock.ts';
import { fixedClock, systemClock } from './runtime.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('the test clock', () => {
  it('reads the system time plus an offset that only moves forward', () => {
    const clock = offsetClock(() => NOW);
    expect(clock.nowMs()).toBe(NOW);
    clock.setOffset(60_000);
    expect(clock.nowMs()).toBe(NOW + 60_000);
    clock.setOffset(1_000);
    clock.setOffset(Number.NaN);
    expect(clock.nowMs()).toBe(NOW + 60_000);
  });

  it('is told apart from the production clocks', () => {
    expect(isTestClock(offsetClock())).toBe(true);
    expect(isTestClock(systemClock)).toBe(false);
    expect(isTestClock(fixedClock(NOW))).toBe(false);
  });

  it('takes only a whole number of milliseconds from Redis', () => {
    expect(parseClockOffset('90000')).toBe(90_000);
    for (const bad of [null, '', '-5', '1.5', '1e9', 'soon']) {
      expect(parseClockOffset(bad)).toBeNull();
    }
  });
});
