import { createHash } from 'node:crypto';
import type { Clock } from '@kabuto/schema/contracts';
import {
  advance,
  appliedByIds,
  listingForStep,
  lockListing,
  markChunkLost,
  markStepDone,
  storeDrawRecord,
  type IdRange,
  writeTransaction,
  type Db,
  type FrozenEntry,
  type IpoListingRow,
  type SecretBox,
  type WriteTrx,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import type { Market } from '@kabuto/schema/market';
import { amountDue } from '@kabuto/schema/ipo';
import { drawOrdered, type OrderedDraw, type Sha256Factory } from '@kabuto/schema/lottery';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { frozenList } from './ipo-freeze.ts';

/**
 * Subscriptions written per transaction: a million applications make 40 transactions, each
 * holding SQLite's write lock for about a quarter second (measured in `bench:draw`).
 */
export const DRAW_CHUNK = 25_000;

/** A public random value first published after the list was frozen (DESIGN.md §8 step 3). */
export interface DrawBeaconValue {
  readonly round: number | null;
  readonly value: string;
  readonly signature: string | null;
}
export interface DrawBeacon {
  /** The value first published strictly after `frozenAtMs` (the local paper beacon ignores it). */
  after(frozenAtMs: number): Promise<DrawBeaconValue>;
}

export interface IpoStepDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly emitter: Pick<AccountEmitter, 'record'>;
  /** The beacon for the listing's kind (`local` in paper mode, `drand` in live mode). */
  readonly beaconFor: (kind: string) => DrawBeacon;
  /** Tells every process a listing's symbol is now listed (Redis in production; tests may omit). */
  readonly announceListing?: (symbol: string) => Promise<void>;
  /** Rows per chunk transaction (tests make it small to kill a run between chunks). */
  readonly chunk?: number;
  /** Told when a step starts and ends (the workers' logger). */
  readonly logger?: Pick<Logger, 'info'>;
  /** Called after each committed chunk (tests and logs). */
  readonly onChunk?: (written: number) => void;
}

/** The draw's: the box that opens the listing's sealed seed (only the draw step opens it). */
export interface IpoDrawDeps extends IpoStepDeps {
  readonly secrets: SecretBox;
}

const nodeSha256: Sha256Factory = () => createHash('sha256');

/**
 * The draw's inputs, fixed once: the list frozen and published before (`frozenList`), the seed
 * (opened from its sealed form), and the beacon — the first value published after
 * `list_frozen_at` — fetched (outside any transaction) only if none is stored yet, then stored by
 * a conditional update. A rerun reads the stored beacon and so draws the same result; the list
 * must still hash to the published hash.
 */
async function frozenDraw(
  deps: IpoDrawDeps,
  listing: IpoListingRow,
  entries: readonly FrozenEntry[],
): Promise<OrderedDraw> {
  const listingId = Number(listing.id);
  const seed = deps.secrets.open(listing.seed);
  const draw = (beacon: string) =>
    drawOrdered({
      entries,
      lotsOffered: Number(listing.lots_offered),
      maxLots: Number(listing.max_lots),
      seed,
      beacon,
      sha256: nodeSha256,
    });
  if (listing.beacon !== null) return checkedAgainst(listing, draw(listing.beacon));
  if (listing.list_frozen_at === null || listing.list_hash === null) {
    throw new Error(`ipo ${listingId}: no beacon before the list is frozen and published`);
  }
  const value = await deps.beaconFor(listing.beacon_kind).after(Number(listing.list_frozen_at));
  const drawn = draw(value.value);
  const record = {
    listHash: listing.list_hash,
    beacon: value.value,
    beaconRound: value.round,
    beaconSignature: value.signature,
    drawSeed: drawn.drawSeed,
  };
  if (drawn.listHash !== listing.list_hash) throw new Error(`ipo ${listingId}: list hash differs`);
  if (await storeDrawRecord(deps.db, listingId, record, deps.clock.nowMs())) return drawn;
  const stored = await listingForStep(deps.db, listingId);
  if (!stored?.beacon) throw new Error(`ipo ${listingId}: beacon not stored`);
  return checkedAgainst(stored, draw(stored.beacon));
}

function checkedAgainst(listing: IpoListingRow, drawn: OrderedDraw): OrderedDraw {
  if (drawn.listHash !== listing.list_hash || drawn.drawSeed !== listing.draw_seed) {
    throw new Error(`ipo ${listing.id}: the frozen list changed after the draw began`);
  }
  return drawn;
}

/** Where the subscription id goes in the losers' event, built once per listing. */
const ID_SLOT = '<subscription-id>';

/** What a subscription's `allotment:drawn` says, and the inbox params, for one listing. */
function notices(listing: IpoListingRow) {
  const currency = listing.currency as Currency;
  const base = { ipo_id: String(listing.id), currency, pay_deadline: Number(listing.pay_deadline) };
  const formatMinor = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  const lostEvent = JSON.stringify({
    ipo_id: base.ipo_id,
    subscription_id: ID_SLOT,
    lots_won: 0,
    amount_due: '0',
    currency,
    pay_deadline: base.pay_deadline,
  });
  const [eventBefore = '', eventAfter = ''] = lostEvent.split(ID_SLOT);
  return { base, formatMinor, eventBefore, eventAfter, symbol: listing.symbol };
}

type Notices = ReturnType<typeof notices>;

/** Lots won by subscription id, for the winners only (the draw's arrays are in ticket order). */
function winnersById(entries: readonly FrozenEntry[], draw: OrderedDraw): Map<number, number> {
  const wins = new Map<number, number>();
  for (let k = 0; k < draw.tickets.length; k++) {
    if (draw.lotsWon[k] === 0) continue;
    const entry = entries[k]!;
    if (entry.ticket !== draw.tickets[k]) throw new Error('frozen list not in ticket order');
    wins.set(entry.id, draw.lotsWon[k]!);
  }
  return wins;
}

/** Chunks of at most `size` subscriptions by id: each `(afterId, upToId]`. */
function idChunks(entries: readonly FrozenEntry[], size: number): IdRange[] {
  const ids = Float64Array.from(entries, (entry) => entry.id).sort();
  const chunks: IdRange[] = [];
  for (let from = 0; from < ids.length; from += size) {
    const to = Math.min(from + size, ids.length);
    chunks.push({ afterId: from === 0 ? ids[0]! - 1 : ids[from - 1]!, upToId: ids[to - 1]! });
  }
  return chunks;
}

/** One chunk of the result in one transaction: its winners row by row, its losers set-based. */
async function writeChunk(
  deps: IpoStepDeps,
  listing: IpoListingRow,
  range: IdRange,
  wins: ReadonlyMap<number, number>,
  said: Notices,
): Promise<void> {
  const listingId = Number(listing.id);
  const mine: number[] = [];
  for (const id of wins.keys()) if (id > range.afterId && id <= range.upToId) mine.push(id);
  await writeTransaction(deps.db, async (trx) => {
    await lockListing(trx, listingId);
    const nowMs = deps.clock.nowMs();
    for (const row of await appliedByIds(trx, mine)) {
      const lotsWon = wins.get(Number(row.id))!;
      await writeWinner(deps, trx, listing, { ...row, lotsWon }, said, nowMs);
    }
    await markChunkLost(trx, listingId, range, {
      inboxKind: 'ipo_lost',
      inboxParams: JSON.stringify({ symbol: said.symbol }),
      eventBefore: said.eventBefore,
      eventAfter: said.eventAfter,
      nowMs,
    });
  });
}

async function writeWinner(
  deps: IpoStepDeps,
  trx: WriteTrx,
  listing: IpoListingRow,
  row: { id: bigint; user_id: bigint; lotsWon: number },
  said: Notices,
  nowMs: number,
): Promise<void> {
  const due = amountDue(listing.market as Market, listing.price, row.lotsWon, Number(listing.lot));
  const userId = Number(row.user_id);
  const amount = said.formatMinor(due);
  await advance(trx, { kind: 'ipo_subscription', id: row.id, userId }, 'applied', 'won', {
    nowMs,
    set: { lots_won: BigInt(row.lotsWon), amount_due: due, drawn_at: nowMs },
    inbox: {
      kind: 'ipo_won',
      params: {
        symbol: said.symbol,
        lots: String(row.lotsWon),
        amount,
        currency: said.base.currency,
        deadline: String(said.base.pay_deadline),
      },
    },
    record: async (write) => {
      await deps.emitter.record(write, userId, 'allotment:drawn', {
        ...said.base,
        subscription_id: String(row.id),
        lots_won: row.lotsWon,
        amount_due: amount,
      });
      await deps.emitter.record(write, userId, 'message:created', {
        kind: 'ipo_won',
        subscription_id: String(row.id),
        symbol: said.symbol,
      });
    },
  });
}

/**
 * The draw step (DESIGN.md §8): freezes the list if the freeze step has not (the same function,
 * so the hash is published before any beacon is asked for), fixes the beacon once, draws, writes the result
 * in chunk transactions (each subscription applied → won | lost by a conditional update, with its
 * inbox message and `allotment:drawn` event in the same transaction), then sets `drawn_at`.
 * Killed anywhere and run again, it draws the same result and writes only the chunks not yet
 * committed. Returns false when there is nothing to do (unknown, not due, or already drawn).
 */
export async function drawListing(deps: IpoDrawDeps, ipoId: number): Promise<boolean> {
  const listing = await listingForStep(deps.db, ipoId);
  if (!listing || listing.drawn_at !== null) return false;
  if (deps.clock.nowMs() < Number(listing.draw_at)) return false;
  const frozen = await frozenList(deps, listing);
  const entries = frozen.entries;
  const draw = await frozenDraw(deps, frozen.listing, entries);
  const wins = winnersById(entries, draw);
  const said = notices(listing);
  let written = 0;
  for (const range of idChunks(entries, deps.chunk ?? DRAW_CHUNK)) {
    await writeChunk(deps, listing, range, wins, said);
    written += Math.min(deps.chunk ?? DRAW_CHUNK, entries.length - written);
    deps.onChunk?.(written);
  }
  return markStepDone(deps.db, Number(listing.id), 'drawn_at', deps.clock.nowMs());
}
