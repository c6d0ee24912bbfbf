import { describe, expect, it } from 'vitest';
import { SeqTracker } from './account-seq.ts';

describe('SeqTracker', () => {
  it('the first event after a connect sets the baseline, the next in order is no gap', () => {
    const tracker = new SeqTracker();
    expect(tracker.observe(41)).toBe(false);
    expect(tracker.observe(42)).toBe(false);
  });

  it('an event more than one past the last seen means one was lost', () => {
    const tracker = new SeqTracker();
    tracker.observe(5);
    expect(tracker.observe(7)).toBe(true);
    expect(tracker.observe(8)).toBe(false);
  });

  it('a late or repeated event is no gap and does not move the baseline back', () => {
    const tracker = new SeqTracker();
    tracker.observe(5);
    expect(tracker.observe(5)).toBe(false);
    expect(tracker.observe(3)).toBe(false);
    expect(tracker.observe(6)).toBe(false);
  });

  it('a reset (reconnect) forgets the baseline', () => {
    const tracker = new SeqTracker();
    tracker.observe(5);
    tracker.reset();
    expect(tracker.observe(50)).toBe(false);
  });
});
