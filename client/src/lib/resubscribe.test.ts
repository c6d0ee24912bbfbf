import { describe, expect, it } from 'vitest';
import { MAX_RESUBSCRIBE_ATTEMPTS, resubscribeDelayMs } from './resubscribe.ts';

describe('asking again for a refused quote subscription', () => {
  it('waits 1 s, 2 s, 4 s… and never more than 30 s between tries', () => {
    const delays = Array.from({ length: MAX_RESUBSCRIBE_ATTEMPTS }, (_, attempt) =>
      resubscribeDelayMs(attempt, 'not_found'),
    );
    expect(delays.slice(0, 6)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(delays.slice(5).every((delay) => delay === 30_000)).toBe(true);
  });

  it('gives up after a bounded number of tries (a symbol that never lists)', () => {
    expect(resubscribeDelayMs(MAX_RESUBSCRIBE_ATTEMPTS, 'not_found')).toBeNull();
  });

  it('does not retry other refusals (bad payload, too many symbols)', () => {
    expect(resubscribeDelayMs(0, 'invalid_param')).toBeNull();
    expect(resubscribeDelayMs(0, 'too_frequent')).toBeNull();
  });
});
