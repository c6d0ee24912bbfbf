import { bytesToHex } from '@noble/hashes/utils.js';
import { seedCommitment } from './lottery-hashes.ts';

/** What a draw keeps secret until it runs: the seed (committed to at once) and the ticket key. */
export interface LotterySecrets {
  seed: string;
  seed_commitment: string;
  listing_key: string;
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
