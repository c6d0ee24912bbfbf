// drand quicknet (League of Entropy), verified without the network: scheme
// bls-unchained-g1-rfc9380, signature on G1 (48 bytes), public key on G2 (96 bytes),
// message = sha256(round as uint64 big-endian), randomness = sha256(signature).
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d' +
    '1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisMs: 1_692_803_367_000,
  periodMs: 3_000,
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
} as const;

/** The latest round published at `timeMs` (0 before genesis). Round r appears at genesis + (r−1)·period. */
export function quicknetRoundAt(timeMs: number): number {
  if (timeMs < QUICKNET.genesisMs) return 0;
  return Math.floor((timeMs - QUICKNET.genesisMs) / QUICKNET.periodMs) + 1;
}

/** When round `round` is published (epoch ms). */
export function quicknetRoundTime(round: number): number {
  return QUICKNET.genesisMs + (round - 1) * QUICKNET.periodMs;
}

/** The first round published strictly after `timeMs`: the beacon for a list closed at `timeMs`. */
export function firstRoundAfter(timeMs: number): number {
  return quicknetRoundAt(timeMs) + 1;
}

function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

const SIGNATURE_HEX = /^[0-9a-f]{96}$/;
let publicKey: ReturnType<typeof bls12_381.G2.Point.fromHex> | undefined;

/** The round's randomness (hex) when `signatureHex` is quicknet's signature of `round`, else null. */
export function verifyQuicknet(round: number, signatureHex: string): string | null {
  if (!Number.isSafeInteger(round) || round < 1) return null;
  const hex = signatureHex.toLowerCase();
  if (!SIGNATURE_HEX.test(hex)) return null;
  try {
    const sigs = bls12_381.shortSignatures;
    publicKey ??= bls12_381.G2.Point.fromHex(QUICKNET.publicKey);
    const signature = sigs.Signature.fromHex(hex);
    const message = sigs.hash(roundMessage(round), QUICKNET.dst);
    if (!sigs.verify(signature, message, publicKey)) return null;
    return bytesToHex(sha256(hexToBytes(hex)));
  } catch {
    return null;
  }
}
