// The published hashes of the allotment lottery (DESIGN.md §8 steps 1, 2 and 4).
// Byte conventions: every hash input is ASCII text; hex values enter as their lowercase hex
// strings exactly as written (never decoded to bytes), ids and lot counts as decimal digits.
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface LotteryEntry {
  ticket: string;
  lots: number;
}

export class LotteryInputError extends Error {
  override readonly name = 'LotteryInputError';
}

const HEX64 = /^[0-9a-f]{64}$/;
const HEX = /^(?:[0-9a-f]{2})+$/;

export function assertHex64(value: string, what: string): void {
  if (!HEX64.test(value)) throw new LotteryInputError(`${what} must be 64 lowercase hex digits`);
}

export function assertHex(value: string, what: string): void {
  if (!HEX.test(value)) throw new LotteryInputError(`${what} must be lowercase hex`);
}

export function sha256HexOfAscii(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Step 1: `sha256_hex` of the seed's ASCII hex string. */
export function seedCommitment(seed: string): string {
  assertHex64(seed, 'seed');
  return sha256HexOfAscii(seed);
}

/** Step 2: `hmac_sha256_hex(key = ASCII of the listing_key hex string, msg = ASCII decimal id)`. */
export function ticketFor(listingKey: string, subscriptionId: number | bigint): string {
  assertHex(listingKey, 'listing key');
  const id = BigInt(subscriptionId);
  if (id < 0n) throw new LotteryInputError('subscription id must not be negative');
  return bytesToHex(hmac(sha256, utf8ToBytes(listingKey), utf8ToBytes(id.toString(10))));
}

/** Step 4: `sha256_hex("<seed>:<list_hash>:<beacon>")`. */
export function drawSeedOf(seed: string, listHash: string, beacon: string): string {
  assertHex64(seed, 'seed');
  assertHex64(listHash, 'list hash');
  assertHex(beacon, 'beacon');
  return sha256HexOfAscii(`${seed}:${listHash}:${beacon}`);
}

/** A SHA-256 in progress; @noble/hashes by default, node:crypto's createHash fits too. */
export interface Sha256Hasher {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}
export type Sha256Factory = () => Sha256Hasher;
export const nobleSha256: Sha256Factory = () => sha256.create();

const CHUNK_BYTES = 1 << 16;
const LINE_MAX = 64 + 1 + 10 + 1;
const NOT_HEX = new Uint8Array(65536).fill(1);
for (const c of '0123456789abcdef') NOT_HEX[c.charCodeAt(0)] = 0;

/** Writes `"<ticket>,<lots>\n"` at `at`; returns the new end, or -1 when the ticket is not 64 hex. */
function writeLine(out: Uint8Array, at: number, ticket: string, lots: number): number {
  if (ticket.length !== 64) return -1;
  let bad = 0;
  for (let i = 0; i < 64; i++) {
    const c = ticket.charCodeAt(i);
    bad |= NOT_HEX[c]!;
    out[at + i] = c;
  }
  if (bad !== 0) return -1;
  let end = at + 64;
  out[end++] = 44; // ','
  const digits = String(lots);
  for (let i = 0; i < digits.length; i++) out[end++] = digits.charCodeAt(i);
  out[end++] = 10; // '\n'
  return end;
}

/**
 * Step 2: `sha256_hex` of the `"<ticket>,<lots>\n"` lines, entries already in ticket order. Checks
 * every ticket is 64 lowercase hex digits on the way (one pass over the bytes).
 */
export function listHashOfSorted(
  tickets: readonly string[],
  lots: ArrayLike<number>,
  newSha256: Sha256Factory = nobleSha256,
): string {
  const hash = newSha256();
  const chunk = new Uint8Array(CHUNK_BYTES + LINE_MAX);
  let used = 0;
  for (let k = 0; k < tickets.length; k++) {
    used = writeLine(chunk, used, tickets[k]!, lots[k]!);
    if (used < 0) throw new LotteryInputError('ticket must be 64 lowercase hex digits');
    if (used >= CHUNK_BYTES) {
      hash.update(chunk.subarray(0, used));
      used = 0;
    }
  }
  hash.update(chunk.subarray(0, used));
  return bytesToHex(hash.digest());
}
