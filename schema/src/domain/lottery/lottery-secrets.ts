import { bytesToHex } from '@noble/hashes/utils.js';
import { seedCommitment } from './lottery-hashes.ts';

/** What a draw keeps secret until it runs: the seed (committed to at once) and the ticket key. */
export interface LotterySecrets {
  seed: string;
  seed_commitment: string;
  listing_key: string;
}

/** What seals a secret at rest (the database's `SecretBox`; this folder stays pure). */
export interface SecretSealer {
  seal(plain: string): string;
}

const randomHex32 = () => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));

/**
 * A new draw's secrets (DESIGN.md §8 step 1): a fresh 32-byte seed, its commitment to publish now
 * (the seed is revealed with the draw), and the key that makes tickets pseudonymous (never leaves
 * the server).
 */
export function lotterySecrets(): LotterySecrets {
  const seed = randomHex32();
  return { seed, seed_commitment: seedCommitment(seed), listing_key: randomHex32() };
}

/**
 * A new draw's secrets as they are stored: the seed and the ticket key sealed at rest, the
 * commitment (public from creation) the hash of the plain seed, as the proof checks it.
 */
export function sealedLotterySecrets(box: SecretSealer): LotterySecrets {
  const plain = lotterySecrets();
  return {
    seed: box.seal(plain.seed),
    seed_commitment: plain.seed_commitment,
    listing_key: box.seal(plain.listing_key),
  };
}
