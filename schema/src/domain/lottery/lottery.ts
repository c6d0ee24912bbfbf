// The allotment lottery, exactly DESIGN.md §8 — a pure function of (list, lots offered, maximum
// lots, seed, beacon). The same code runs on the server (the draw job) and in the browser (the
// check page's Web Worker), so it imports nothing but @noble/hashes.
//
// Byte conventions (all hash inputs are ASCII text):
// - hex values (seed, listing key, tickets, list hash, beacon, draw seed) are lowercase hex strings
//   used exactly as written, never decoded to bytes; seed, tickets and hashes are 64 hex digits;
// - subscription ids, lots and block numbers are decimal digits without padding or sign.
// Steps: seed_commitment = sha256_hex(seed); ticket = hmac_sha256_hex(listing_key, id);
// list_hash = sha256_hex(concat "<ticket>,<lots>\n" in ascending ticket order, lots as applied);
// draw_seed = sha256_hex("<seed>:<list_hash>:<beacon>"); stream and uniform per random-stream.ts;
// rounds: want = min(lots, max_lots); each round the entries with won < want, in ticket order,
// are shuffled by Fisher–Yates from the top (i = m−1 down to 1: j = uniform(i+1); swap(i, j)), then
// each gets one lot in shuffled order while lots are left; stop when none are left or nobody wants
// more. One stream serves every round.
import {
  LotteryInputError,
  assertHex,
  assertHex64,
  drawSeedOf,
  listHashOfSorted,
  type LotteryEntry,
  type Sha256Factory,
} from './lottery-hashes.ts';
import { RandomStream } from './random-stream.ts';

export const LOTTERY_RULE_ID = 'kabuto-lottery-v1';

/** The proof's `rule` field: the rule's name and version, then the rule itself. */
export const LOTTERY_RULE = `${LOTTERY_RULE_ID}: seed_commitment = sha256_hex(seed); \
ticket = hmac_sha256_hex(key = listing_key, msg = subscription id in decimal); \
list_hash = sha256_hex of "<ticket>,<lots>\\n" lines in ascending ticket order; \
draw_seed = sha256_hex("<seed>:<list_hash>:<beacon>"); \
block i = sha256("<draw_seed>:<i>"), read as unsigned 64-bit big-endian integers; \
uniform(n): read x, reject while x >= 2^64 - (2^64 mod n), return x mod n; \
rounds: want = min(lots, max_lots); entries with won < want in ticket order, Fisher-Yates from the \
top (i = m-1 down to 1: j = uniform(i+1), swap i and j), one lot each in shuffled order while lots \
are left. All hash inputs are ASCII: hex strings in lowercase as written, numbers in decimal.`;

export interface LotteryInput {
  entries: readonly LotteryEntry[];
  lotsOffered: number;
  /** The listing's maximum lots per subscription; `null` caps nothing. */
  maxLots: number | null;
  seed: string;
  beacon: string;
  /** The SHA-256 for the list hash (the bulk of the hashing); @noble/hashes when absent. */
  sha256?: Sha256Factory;
}

export interface LotteryWin {
  ticket: string;
  lotsWon: number;
}

export interface LotteryOutcome {
  listHash: string;
  drawSeed: string;
  /** Every entry, 0s too, in ticket order. */
  result: LotteryWin[];
}

/** The draw without per-entry objects: tickets in order, with lots applied and won beside them. */
export interface OrderedDraw {
  listHash: string;
  drawSeed: string;
  tickets: string[];
  lots: Uint32Array;
  lotsWon: Uint32Array;
}

function checkCount(value: number, min: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new LotteryInputError(`${what} must be an integer ≥ ${min}`);
  }
}

/** The entries in ascending ticket order, checked: unique tickets, lots ≥ 1 (hex: by the list hash). */
export function sortEntries(entries: readonly LotteryEntry[]): {
  tickets: string[];
  lots: Uint32Array;
} {
  let sorted = true;
  for (let k = 1; k < entries.length && sorted; k++) {
    sorted = entries[k - 1]!.ticket < entries[k]!.ticket;
  }
  const order = sorted ? null : entries.map((_, k) => k);
  order?.sort((a, b) => (entries[a]!.ticket < entries[b]!.ticket ? -1 : 1));
  const tickets = new Array<string>(entries.length);
  const lots = new Uint32Array(entries.length);
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[order ? order[k]! : k]!;
    if (k > 0 && tickets[k - 1] === entry.ticket) throw new LotteryInputError('duplicate ticket');
    checkCount(entry.lots, 1, 'lots');
    if (entry.lots > 0xffffffff) throw new LotteryInputError('lots too large');
    tickets[k] = entry.ticket;
    lots[k] = entry.lots;
  }
  return { tickets, lots };
}

/**
 * Step 6: the rounds. `want` in ticket order; returns lots won in the same order. When the lots
 * left cover everything still wanted, every later round would give each one a lot whatever the
 * shuffle, so everyone gets the rest at once: the same result without the idle shuffles.
 */
export function allotRounds(want: Uint32Array, lotsOffered: number, stream: RandomStream) {
  const n = want.length;
  const won = new Uint32Array(n);
  const pool = new Uint32Array(n);
  let left = lotsOffered;
  let wanted = 0;
  for (let k = 0; k < n; k++) wanted += want[k]!;
  while (left > 0) {
    if (left >= wanted) {
      won.set(want);
      break;
    }
    let m = 0;
    for (let k = 0; k < n; k++) if (won[k]! < want[k]!) pool[m++] = k;
    if (m === 0) break;
    for (let i = m - 1; i >= 1; i--) {
      const j = stream.uniform(i + 1);
      const t = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = t;
    }
    for (let k = 0; k < m && left > 0; k++, left--, wanted--) won[pool[k]!]!++;
  }
  return won;
}

function wantOf(lots: Uint32Array, maxLots: number | null): Uint32Array {
  if (maxLots === null) return lots;
  checkCount(maxLots, 1, 'maxLots');
  const want = new Uint32Array(lots.length);
  for (let k = 0; k < lots.length; k++) want[k] = Math.min(lots[k]!, maxLots);
  return want;
}

export type SortedLotteryInput = Omit<LotteryInput, 'entries'> & {
  /** Strictly ascending (as the DB's `ORDER BY ticket` gives 64-hex tickets); checked. */
  tickets: string[];
  /** Lots applied, beside `tickets`. */
  lots: Uint32Array;
};

/**
 * The whole draw (steps 2, 4, 5, 6) from tickets already in order and their lots in a typed
 * array, with no per-entry objects: what the server job reads its rows into and persists from.
 */
export function drawSorted(input: SortedLotteryInput): OrderedDraw {
  checkCount(input.lotsOffered, 0, 'lotsOffered');
  assertHex64(input.seed, 'seed');
  assertHex(input.beacon, 'beacon');
  const { tickets, lots } = input;
  if (tickets.length !== lots.length) throw new LotteryInputError('tickets and lots differ');
  for (let k = 0; k < lots.length; k++) {
    if (k > 0 && !(tickets[k - 1]! < tickets[k]!)) {
      throw new LotteryInputError('tickets must be unique and in ascending order');
    }
    if (lots[k]! < 1) throw new LotteryInputError('lots must be an integer ≥ 1');
  }
  const listHash = listHashOfSorted(tickets, lots, input.sha256);
  const drawSeed = drawSeedOf(input.seed, listHash, input.beacon);
  const want = wantOf(lots, input.maxLots);
  const lotsWon = allotRounds(want, input.lotsOffered, new RandomStream(drawSeed));
  return { listHash, drawSeed, tickets, lots, lotsWon };
}

/** The whole draw from entries in any order (sorted and checked here). */
export function drawOrdered(input: LotteryInput): OrderedDraw {
  const { entries, ...rest } = input;
  return drawSorted({ ...rest, ...sortEntries(entries) });
}

/** The draw as published: `result` in ticket order, every entry (0s too). */
export function drawLottery(input: LotteryInput): LotteryOutcome {
  const draw = drawOrdered(input);
  const result = draw.tickets.map((ticket, k) => ({ ticket, lotsWon: draw.lotsWon[k]! }));
  return { listHash: draw.listHash, drawSeed: draw.drawSeed, result };
}

/** Step 2 on its own: the list hash of entries in any order. */
export function listHash(entries: readonly LotteryEntry[], sha256?: Sha256Factory): string {
  const { tickets, lots } = sortEntries(entries);
  return listHashOfSorted(tickets, lots, sha256);
}
