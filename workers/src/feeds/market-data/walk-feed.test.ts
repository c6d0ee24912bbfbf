import { describe, expect, it } from 'vitest';
import { SEED_INSTRUMENTS } from '@kabuto/schema/domain';
import { changeRate, createWalkFeed } from './walk-feed.ts';

describe('createWalkFeed', () => {
  it('when two feeds share a seed, they produce the same ticks', () => {
    const a = createWalkFeed(SEED_INSTRUMENTS, 7);
    const b = createWalkFeed(SEED_INSTRUMENTS, 7);
    for (let i = 0; i < 50; i += 1) expect(a.next(i)).toEqual(b.next(i));
  });

  it('when it walks for long, every price stays on the tick grid and within ±10% of the close', () => {
    const feed = createWalkFeed(SEED_INSTRUMENTS, 11);
    for (let i = 0; i < 2000; i += 1) {
      for (const tick of feed.next(i)) {
        const instrument = SEED_INSTRUMENTS.find((s) => s.symbol === tick.symbol);
        if (!instrument) throw new Error('unknown symbol');
        const minor = BigInt(tick.price.replace('.', ''));
        expect(minor % instrument.tickMinor).toBe(0n);
        const band = instrument.startPriceMinor / 10n;
        expect(minor >= instrument.startPriceMinor - band && minor <= instrument.startPriceMinor + band).toBe(true);
      }
    }
  });

  it('computes the change rate as a rounded percent', () => {
    expect(changeRate(10_150n, 10_000n)).toBe('1.50');
    expect(changeRate(9_999n, 10_000n)).toBe('-0.01');
    expect(changeRate(10_000n, 10_000n)).toBe('0.00');
    expect(changeRate(2n, 3n)).toBe('-33.33');
  });
});
