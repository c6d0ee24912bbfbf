// The lottery's random stream (DESIGN.md §8 step 5).
// Block i (from 0) is sha256 of the ASCII text "<draw_seed>:<i>" (i in decimal, no padding); the
// stream is the blocks in order, read as unsigned 64-bit big-endian integers (4 per block).
// uniform(n): read x; limit = 2^64 − (2^64 mod n); read again while x ≥ limit; return x mod n.
// The 64-bit values are handled as two 32-bit halves so the hot loop needs no BigInt; the
// arithmetic is exact for n < 2^36 (more than any list can hold).
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { LotteryInputError } from './lottery-hashes.ts';

const TWO32 = 4294967296;
const MAX_N = 2 ** 36;

/** (a · 2^32 + b) mod n, exact for a < n < 2^36 and b < 2^32. */
function mod64(a: number, b: number, n: number): number {
  const high = (((a % n) * 65536) % n) * 65536;
  return (high + b) % n;
}

export class RandomStream {
  private readonly base: ReturnType<typeof sha256.create>;
  private readonly work: ReturnType<typeof sha256.create>;
  private readonly block = new Uint8Array(32);
  private readonly view = new DataView(this.block.buffer);
  private readonly digits = new Uint8Array(20);
  private blockIndex = 0;
  private word = 8; // 32-bit word position inside the block; 8 = block used up

  constructor(drawSeed: string) {
    this.base = sha256.create().update(utf8ToBytes(`${drawSeed}:`));
    this.work = sha256.create();
  }

  /** Blocks hashed so far (for tests and figures). */
  get blocksUsed(): number {
    return this.blockIndex;
  }

  private refill(): void {
    let i = this.blockIndex++;
    let at = this.digits.length;
    do {
      this.digits[--at] = 48 + (i % 10);
      i = Math.floor(i / 10);
    } while (i > 0);
    this.base._cloneInto(this.work);
    this.work.update(this.digits.subarray(at));
    this.work.digestInto(this.block);
    this.word = 0;
  }

  /** Reads the next 64-bit value as its [high, low] 32-bit halves into `out`. */
  next64(out: [number, number]): void {
    if (this.word >= 8) this.refill();
    out[0] = this.view.getUint32(this.word * 4, false);
    out[1] = this.view.getUint32(this.word * 4 + 4, false);
    this.word += 2;
  }

  private readonly pair: [number, number] = [0, 0];

  /** A uniform integer in [0, n) by rejection, exactly as the rule reads it. */
  uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n >= MAX_N) {
      throw new LotteryInputError('uniform(n) needs an integer 1 ≤ n < 2^36');
    }
    const r64 = mod64(TWO32 % n, 0, n); // 2^64 mod n
    const lowLimit = TWO32 - r64; // with r64 > 0: limit = (2^32 − 1) · 2^32 + lowLimit
    const pair = this.pair;
    for (;;) {
      this.next64(pair);
      const rejected = r64 > 0 && pair[0] === TWO32 - 1 && pair[1] >= lowLimit;
      if (!rejected) return mod64(pair[0], pair[1], n);
    }
  }
}
