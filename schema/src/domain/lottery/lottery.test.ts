/* eslint-disable no-restricted-imports -- the test rebuilds the rule with node:crypto, independently of @noble/hashes */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LotteryInputError,
  listHashOfSorted,
  seedCommitment,
  ticketFor,
} from './lottery-hashes.ts';
import { drawLottery, drawOrdered, drawSorted, listHash, type LotteryInput } from './lottery.ts';
import { RandomStream } from './random-stream.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'ascii').digest('hex');
const SEED = '0123456789abcdef'.repeat(4);
const BEACON = 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587';
const LISTING_KEY = '00112233445566778899aabbccddeeff'.repeat(2);
const ticketsOf = (count: number) =>
  Array.from({ length: count }, (_, id) => ticketFor(LISTING_KEY, id + 1));

/** The stream of §8 step 5 read with BigInt, from node:crypto. */
function referenceStream(drawSeed: string) {
  let block = 0;
  let queue: bigint[] = [];
  const next = () => {
    if (queue.length === 0) {
      const bytes = createHash('sha256').update(`${drawSeed}:${block++}`, 'ascii').digest();
      queue = [0, 8, 16, 24].map((at) => bytes.readBigUInt64BE(at));
    }
    return queue.shift()!;
  };
  const uniform = (n: number) => {
    const limit = 2n ** 64n - (2n ** 64n % BigInt(n));
    for (;;) {
      const x = next();
      if (x < limit) return Number(x % BigInt(n));
    }
  };
  return { next, uniform };
}

/** §8 steps 2, 4, 5, 6 written out again from the text, with node:crypto and BigInt. */
function referenceDraw(input: LotteryInput) {
  const list = [...input.entries].sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
  const hash = sha256Hex(list.map((e) => `${e.ticket},${e.lots}\n`).join(''));
  const drawSeed = sha256Hex(`${input.seed}:${hash}:${input.beacon}`);
  const { uniform } = referenceStream(drawSeed);
  const want = list.map((e) => Math.min(e.lots, input.maxLots ?? Infinity));
  const won = list.map(() => 0);
  let left = input.lotsOffered;
  while (left > 0) {
    const pool = list.map((_, k) => k).filter((k) => won[k]! < want[k]!);
    if (pool.length === 0) break;
    for (let i = pool.length - 1; i >= 1; i--) {
      const j = uniform(i + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    for (const k of pool) {
      if (left === 0) break;
      won[k]! += 1;
      left--;
    }
  }
  return {
    listHash: hash,
    drawSeed,
    result: list.map((e, k) => ({ ticket: e.ticket, lotsWon: won[k]! })),
  };
}

describe('the published hashes (§8 steps 1, 2, 4)', () => {
  it('seed commitment is sha256 of the ASCII hex string (checked with sha256sum)', () => {
    expect(seedCommitment(SEED)).toBe(
      'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    );
    expect(() => seedCommitment(SEED.toUpperCase())).toThrow(LotteryInputError);
  });

  it('ticket is hmac_sha256 keyed by the ASCII listing key over the decimal id (checked with openssl)', () => {
    expect(ticketFor(LISTING_KEY, 42)).toBe(
      'a3e4247a71365b1dab9eeb957b708b455e23196356c20666bb9b11b1c3347c19',
    );
    expect(ticketFor(LISTING_KEY, 42n)).toBe(ticketFor(LISTING_KEY, 42));
    expect(ticketFor(LISTING_KEY, 9_007_199_254_740_993n)).toBe(
      createHmac('sha256', LISTING_KEY).update('9007199254740993').digest('hex'),
    );
  });

  it('list hash of a known list: lines "<ticket>,<lots>\\n" in ticket order, any input order', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    const expected = 'a773043b49abf85f5a6eb326407b6bc173fdedc9739ee6befbca134f3c5ac59e';
    expect(
      listHash([
        { ticket: a, lots: 3 },
        { ticket: b, lots: 12 },
      ]),
    ).toBe(expected);
    expect(
      listHash([
        { ticket: b, lots: 12 },
        { ticket: a, lots: 3 },
      ]),
    ).toBe(expected);
    expect(listHash([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('the list hash is the same with node:crypto injected (what the server job may use)', () => {
    const tickets = ticketsOf(5000).sort();
    const lots = Uint32Array.from(tickets, (_, k) => 1 + (k % 7));
    expect(listHashOfSorted(tickets, lots, () => createHash('sha256'))).toBe(
      listHashOfSorted(tickets, lots),
    );
  });

  it('draw seed is sha256 of "<seed>:<list_hash>:<beacon>"', () => {
    const entries = ticketsOf(3).map((ticket) => ({ ticket, lots: 1 }));
    const out = drawLottery({ entries, lotsOffered: 1, maxLots: 5, seed: SEED, beacon: BEACON });
    expect(out.drawSeed).toBe(sha256Hex(`${SEED}:${listHash(entries)}:${BEACON}`));
  });
});

class FedStream extends RandomStream {
  constructor(private readonly values: bigint[]) {
    super('00');
  }
  override next64(out: [number, number]): void {
    const x = this.values.shift()!;
    out[0] = Number(x >> 32n);
    out[1] = Number(x & 0xffffffffn);
  }
}

describe('the random stream and uniform(n) (§8 step 5)', () => {
  it('reads the blocks sha256("<draw_seed>:<i>") as big-endian u64 and matches BigInt modulo', () => {
    const drawSeed = sha256Hex('any');
    const ours = new RandomStream(drawSeed);
    const ref = referenceStream(drawSeed);
    for (const n of [2, 3, 7, 10, 1000, 999_983, 2 ** 31 - 1, 2 ** 32 + 15, 2 ** 35 + 3]) {
      for (let k = 0; k < 50; k++) expect(ours.uniform(n)).toBe(ref.uniform(n));
    }
  });

  it('rejects x ≥ 2^64 − (2^64 mod n) and reads again', () => {
    // 2^64 mod 3 = 1, so limit = 2^64 − 1: only x = 2^64 − 1 is rejected.
    const max = 2n ** 64n - 1n;
    expect(new FedStream([max, 5n]).uniform(3)).toBe(2);
    expect(new FedStream([max - 1n, 5n]).uniform(3)).toBe(Number((max - 1n) % 3n));
    // n = 10: 2^64 mod 10 = 6, limit = 2^64 − 6.
    const limit = 2n ** 64n - 6n;
    expect(new FedStream([limit, limit + 5n, 17n]).uniform(10)).toBe(7);
    expect(new FedStream([limit - 1n]).uniform(10)).toBe(Number((limit - 1n) % 10n));
    // a power of two never rejects
    expect(new FedStream([max]).uniform(4)).toBe(3);
  });
});

describe('the rounds (§8 step 6)', () => {
  it('3 entries, 2 lots: the shuffle worked out step by step from sha256', () => {
    const entries = ticketsOf(3).map((ticket) => ({ ticket, lots: 1 }));
    const sorted = entries.map((e) => e.ticket).sort();
    const hash = sha256Hex(sorted.map((t) => `${t},1\n`).join(''));
    const drawSeed = sha256Hex(`${SEED}:${hash}:${BEACON}`);
    const block0 = createHash('sha256').update(`${drawSeed}:0`).digest();
    const x0 = block0.readBigUInt64BE(0);
    const x1 = block0.readBigUInt64BE(8);
    // no rejection for these two reads (limits 2^64 − 1 and 2^64)
    expect(x0 < 2n ** 64n - 1n).toBe(true);
    const pool = [0, 1, 2];
    const j2 = Number(x0 % 3n); // i = 2: j = uniform(3)
    [pool[2], pool[j2]] = [pool[j2]!, pool[2]!];
    const j1 = Number(x1 % 2n); // i = 1: j = uniform(2)
    [pool[1], pool[j1]] = [pool[j1]!, pool[1]!];
    const winners = new Set([sorted[pool[0]!], sorted[pool[1]!]]);

    const out = drawLottery({ entries, lotsOffered: 2, maxLots: 1, seed: SEED, beacon: BEACON });
    expect(out.listHash).toBe(hash);
    expect(out.result.map((r) => r.ticket)).toEqual(sorted);
    expect(out.result.map((r) => r.lotsWon)).toEqual(sorted.map((t) => (winners.has(t) ? 1 : 0)));
  });

  it('matches the BigInt reference on 300 random lists (multi-round, caps, leftovers)', () => {
    for (let run = 0; run < 300; run++) {
      const count = 1 + (run % 40);
      const entries = Array.from({ length: count }, () => ({
        ticket: randomBytes(32).toString('hex'),
        lots: 1 + Math.floor(Math.random() * 8),
      }));
      const input = {
        entries,
        lotsOffered: Math.floor(Math.random() * count * 6),
        maxLots: run % 3 === 0 ? null : 1 + (run % 6),
        seed: randomBytes(32).toString('hex'),
        beacon: randomBytes(32).toString('hex'),
      };
      expect(drawLottery(input)).toEqual(referenceDraw(input));
    }
  });

  it('is deterministic: same inputs in any order give the same result; another beacon another one', () => {
    const entries = ticketsOf(200).map((ticket, k) => ({ ticket, lots: 1 + (k % 5) }));
    const input = { entries, lotsOffered: 120, maxLots: 5, seed: SEED, beacon: BEACON };
    const first = drawLottery(input);
    expect(drawLottery({ ...input, entries: [...entries].reverse() })).toEqual(first);
    expect(drawLottery(input)).toEqual(first);
    const other = drawLottery({ ...input, beacon: sha256Hex('other') });
    expect(other.result).not.toEqual(first.result);
    expect(first.result.reduce((sum, r) => sum + r.lotsWon, 0)).toBe(120);
  });

  it('caps want at maxLots: asking 10 with a maximum of 3 wins 3 even with lots to spare', () => {
    const [big, small] = ticketsOf(2) as [string, string];
    const entries = [
      { ticket: big, lots: 10 },
      { ticket: small, lots: 2 },
    ];
    const out = drawLottery({ entries, lotsOffered: 100, maxLots: 3, seed: SEED, beacon: BEACON });
    const won = new Map(out.result.map((r) => [r.ticket, r.lotsWon]));
    expect(won.get(big)).toBe(3);
    expect(won.get(small)).toBe(2);
    expect(out.listHash).toBe(listHash(entries)); // the list keeps the lots as applied
  });

  it('lots offered ≥ total wanted: everyone gets all they asked for', () => {
    const entries = ticketsOf(50).map((ticket, k) => ({ ticket, lots: 1 + (k % 4) }));
    const total = entries.reduce((sum, e) => sum + e.lots, 0);
    for (const lotsOffered of [total, total + 1, total * 10]) {
      const out = drawLottery({ entries, lotsOffered, maxLots: 4, seed: SEED, beacon: BEACON });
      const want = new Map(entries.map((e) => [e.ticket, e.lots]));
      for (const r of out.result) expect(r.lotsWon).toBe(want.get(r.ticket));
    }
  });

  it('zero entries and zero lots offered', () => {
    const none = drawLottery({
      entries: [],
      lotsOffered: 5,
      maxLots: 1,
      seed: SEED,
      beacon: BEACON,
    });
    expect(none.result).toEqual([]);
    const entries = ticketsOf(4).map((ticket) => ({ ticket, lots: 2 }));
    const zero = drawLottery({ entries, lotsOffered: 0, maxLots: 2, seed: SEED, beacon: BEACON });
    expect(zero.result.every((r) => r.lotsWon === 0)).toBe(true);
  });

  it('refuses a bad list: duplicate ticket, non-hex ticket, lots < 1, bad seed', () => {
    const [t] = ticketsOf(1) as [string];
    const base = { lotsOffered: 1, maxLots: 1, seed: SEED, beacon: BEACON };
    const bad = [
      {
        ...base,
        entries: [
          { ticket: t, lots: 1 },
          { ticket: t, lots: 2 },
        ],
      },
      { ...base, entries: [{ ticket: t.toUpperCase(), lots: 1 }] },
      { ...base, entries: [{ ticket: `${t.slice(0, 63)},`, lots: 1 }] },
      { ...base, entries: [{ ticket: t, lots: 0 }] },
      { ...base, entries: [{ ticket: t, lots: 1.5 }] },
      { ...base, entries: [], seed: 'xyz' },
      { ...base, entries: [], lotsOffered: -1 },
    ];
    for (const input of bad) expect(() => drawOrdered(input)).toThrow(LotteryInputError);
  });
});

describe('drawSorted: the typed-array entry point of the server job', () => {
  it('gives the same draw as drawLottery and refuses tickets out of order', () => {
    const entries = ticketsOf(300).map((ticket, k) => ({ ticket, lots: 1 + (k % 3) }));
    const input = { lotsOffered: 250, maxLots: 2, seed: SEED, beacon: BEACON };
    const sorted = [...entries].sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
    const tickets = sorted.map((e) => e.ticket);
    const lots = Uint32Array.from(sorted, (e) => e.lots);
    const draw = drawSorted({ ...input, tickets, lots });
    const published = drawLottery({ ...input, entries });
    expect(draw.listHash).toBe(published.listHash);
    expect(Array.from(draw.lotsWon)).toEqual(published.result.map((r) => r.lotsWon));
    const swapped = [tickets[1]!, tickets[0]!, ...tickets.slice(2)];
    expect(() => drawSorted({ ...input, tickets: swapped, lots })).toThrow(LotteryInputError);
    expect(() => drawSorted({ ...input, tickets, lots: lots.subarray(1) })).toThrow(
      LotteryInputError,
    );
  });
});
