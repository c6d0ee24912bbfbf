import { describe, expect, it } from 'vitest';
import {
  QUICKNET,
  firstRoundAfter,
  quicknetRoundAt,
  quicknetRoundTime,
  verifyQuicknet,
} from './drand-quicknet.ts';
import { RECORDED_QUICKNET_ROUNDS } from '../../testing/drand-quicknet-rounds.ts';

const flipLastByte = (hex: string) =>
  hex.slice(0, -2) + ((parseInt(hex.slice(-2), 16) ^ 1) + 0x100).toString(16).slice(1);

describe('drand quicknet verification (recorded rounds, no network)', () => {
  it.each(RECORDED_QUICKNET_ROUNDS)(
    'round $round verifies and gives its published randomness',
    (r) => {
      expect(verifyQuicknet(r.round, r.signature)).toBe(r.randomness);
      expect(verifyQuicknet(r.round, r.signature.toUpperCase())).toBe(r.randomness);
    },
  );

  it('a tampered signature fails', () => {
    const r = RECORDED_QUICKNET_ROUNDS[0]!;
    expect(verifyQuicknet(r.round, flipLastByte(r.signature))).toBeNull();
    const other = RECORDED_QUICKNET_ROUNDS[1]!.signature;
    expect(verifyQuicknet(r.round, other)).toBeNull();
  });

  it('the right signature for the wrong round fails', () => {
    const r = RECORDED_QUICKNET_ROUNDS[0]!;
    expect(verifyQuicknet(r.round + 1, r.signature)).toBeNull();
    expect(verifyQuicknet(r.round - 1, r.signature)).toBeNull();
  });

  it('garbage is refused, not thrown', () => {
    expect(verifyQuicknet(1, '')).toBeNull();
    expect(verifyQuicknet(1, 'zz'.repeat(48))).toBeNull();
    expect(verifyQuicknet(0, RECORDED_QUICKNET_ROUNDS[0]!.signature)).toBeNull();
    expect(verifyQuicknet(1.5, RECORDED_QUICKNET_ROUNDS[0]!.signature)).toBeNull();
    expect(verifyQuicknet(1, 'c0' + '00'.repeat(47))).toBeNull(); // the point at infinity
  });
});

describe('quicknet round times: round r appears at genesis + 3 s · (r − 1)', () => {
  const g = QUICKNET.genesisMs;

  it('rounds at and between the ticks', () => {
    expect(quicknetRoundAt(g - 1)).toBe(0);
    expect(quicknetRoundAt(g)).toBe(1);
    expect(quicknetRoundAt(g + 2999)).toBe(1);
    expect(quicknetRoundAt(g + 3000)).toBe(2);
    expect(quicknetRoundTime(657413)).toBe(g + 3000 * 657412);
  });

  it('the first round after a close is published strictly after it', () => {
    for (const close of [g, g + 1, g + 2999, g + 3000, Date.UTC(2026, 10, 23, 6, 0, 0)]) {
      const round = firstRoundAfter(close);
      expect(quicknetRoundTime(round)).toBeGreaterThan(close);
      expect(quicknetRoundTime(round - 1)).toBeLessThanOrEqual(close);
    }
  });
});
