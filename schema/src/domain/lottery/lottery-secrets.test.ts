import { describe, expect, it } from 'vitest';
import { seedCommitment } from './lottery-hashes.ts';
import { sealedLotterySecrets } from './lottery-secrets.ts';

// A reversible stand-in for the database's SecretBox (this folder stays pure).
const box = {
  seal: (plain: string) => `v1.${[...plain].reverse().join('')}`,
  open: (sealed: string) => [...sealed.slice(3)].reverse().join(''),
};

describe('sealedLotterySecrets', () => {
  it('stores the seed and the key sealed, and commits to the plain seed (what the proof checks)', () => {
    const stored = sealedLotterySecrets(box);
    const [seed, key] = [box.open(stored.seed), box.open(stored.listing_key)];
    expect([seed, key].every((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true);
    expect([stored.seed.startsWith('v1.'), stored.listing_key.startsWith('v1.')]).toEqual([
      true,
      true,
    ]);
    expect(stored.seed_commitment).toBe(seedCommitment(seed));
    expect(seed).not.toBe(key);
  });
});
