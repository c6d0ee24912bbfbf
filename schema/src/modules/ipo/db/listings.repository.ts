import type { Insertable } from 'kysely';
import type { Currency } from '../../../domain/money/currency.ts';
import type { Board, Market } from '../../../domain/market/rules.ts';
import type { Db } from '../../../db/create-db.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { isSealed, SEALED_PREFIX, type SecretBox } from '../../../db/secret-box.ts';
import type { IpoListingRow, IpoListingTable } from './ipo.table.ts';

/** The lottery's published record, set once by the draw. */
export interface IpoDrawRecord {
  readonly listHash: string;
  readonly beacon: string;
  readonly beaconRound: number | null;
  readonly beaconSignature: string | null;
  readonly drawSeed: string;
  readonly drawnAtMs: number;
}

/** The list as frozen and published at the close (DESIGN.md §8 step 2), before any beacon. */
export interface IpoFrozenList {
  readonly listHash: string;
  readonly applicants: number;
  readonly lotsApplied: number;
  /** When the hash was stored; null for a listing drawn before the freeze step existed. */
  readonly frozenAtMs: number | null;
}

/** One new-share listing as the modules read it: scaled prices as bigint, times in ms. */
export interface IpoListing {
  readonly id: number;
  readonly symbol: string;
  readonly market: Market;
  readonly board: Board;
  readonly currency: Currency;
  readonly names: { readonly ja: string; readonly en: string; readonly zh: string };
  readonly price: bigint;
  readonly marketPrice: bigint | null;
  readonly underwritingPrice: bigint;
  readonly lot: number;
  readonly minLots: number;
  readonly maxLots: number;
  readonly lotsOffered: number;
  readonly issueVolume: number;
  readonly per: string | null;
  readonly leadUnderwriter: string;
  readonly subscribeStart: number;
  readonly subscribeEnd: number;
  readonly drawAt: number;
  readonly payDeadline: number;
  readonly listingAt: number;
  /** The seed as stored, sealed: the draw and, once drawn, the proof open it. */
  readonly sealedSeed: string;
  readonly seedCommitment: string;
  /** The ticket key as stored, sealed: an application opens it to write its ticket. */
  readonly sealedListingKey: string;
  readonly beaconKind: 'local' | 'drand';
  /** Set once the list is frozen (at the close), before the draw. */
  readonly frozenList: IpoFrozenList | null;
  /** Set once the draw has published its result (`drawn_at`). */
  readonly draw: IpoDrawRecord | null;
  readonly listedAtMs: number | null;
  readonly createdAtMs: number;
}

const num = (value: bigint | null): number | null => (value === null ? null : Number(value));

function drawOf(row: IpoListingRow): IpoDrawRecord | null {
  if (row.drawn_at === null || row.list_hash === null || row.beacon === null) return null;
  return {
    listHash: row.list_hash,
    beacon: row.beacon,
    beaconRound: num(row.beacon_round),
    beaconSignature: row.beacon_signature,
    drawSeed: row.draw_seed ?? '',
    drawnAtMs: Number(row.drawn_at),
  };
}

function frozenListOf(row: IpoListingRow): IpoFrozenList | null {
  if (row.list_hash === null) return null;
  return {
    listHash: row.list_hash,
    applicants: Number(row.applicants ?? 0n),
    lotsApplied: Number(row.lots_applied ?? 0n),
    frozenAtMs: num(row.list_frozen_at),
  };
}

export function listingFromRow(row: IpoListingRow): IpoListing {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    market: row.market as Market,
    board: row.board as Board,
    currency: row.currency as Currency,
    names: { ja: row.name_ja, en: row.name_en, zh: row.name_zh },
    price: row.price,
    marketPrice: row.market_price,
    underwritingPrice: row.underwriting_price,
    lot: Number(row.lot),
    minLots: Number(row.min_lots),
    maxLots: Number(row.max_lots),
    lotsOffered: Number(row.lots_offered),
    issueVolume: Number(row.issue_volume),
    per: row.per,
    leadUnderwriter: row.lead_underwriter,
    subscribeStart: Number(row.subscribe_start),
    subscribeEnd: Number(row.subscribe_end),
    drawAt: Number(row.draw_at),
    payDeadline: Number(row.pay_deadline),
    listingAt: Number(row.listing_at),
    sealedSeed: row.seed,
    seedCommitment: row.seed_commitment,
    sealedListingKey: row.listing_key,
    beaconKind: row.beacon_kind === 'drand' ? 'drand' : 'local',
    frozenList: frozenListOf(row),
    draw: drawOf(row),
    listedAtMs: num(row.listed_at),
    createdAtMs: Number(row.created_at),
  };
}

export async function findListing(db: Db, id: number): Promise<IpoListing | undefined> {
  const row = await db
    .selectFrom('ipo_listing')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  return row ? listingFromRow(row) : undefined;
}

/**
 * A listing read in a user's write transaction on one of its subscriptions (subscribe, pay,
 * waive): PostgreSQL takes a shared lock on its row, so a step's chunk (`lockListing`, FOR
 * UPDATE) waits for the user's transaction to commit and never meets it halfway through the
 * subscription rows (a pay's two updates of its row against a forfeit chunk's FOR UPDATE
 * deadlock); the draw's freeze (`freezeBarrier`) waits for every application being written, and
 * one that reaches the lock after the freeze reads a clock past the close. SQLite's BEGIN
 * IMMEDIATE already orders every writer.
 */
export async function findListingLockedShared(
  trx: Db,
  id: number,
): Promise<IpoListing | undefined> {
  let query = trx.selectFrom('ipo_listing').selectAll().where('id', '=', BigInt(id));
  if (dialectOf(trx) === 'postgres') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row ? listingFromRow(row) : undefined;
}

export async function findListingBySymbol(db: Db, symbol: string): Promise<IpoListing | undefined> {
  const row = await db
    .selectFrom('ipo_listing')
    .selectAll()
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row ? listingFromRow(row) : undefined;
}

/** Every listing, the soonest subscription window first. */
export async function allListings(db: Db): Promise<IpoListing[]> {
  const rows = await db
    .selectFrom('ipo_listing')
    .selectAll()
    .orderBy('subscribe_start', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(listingFromRow);
}

export type NewIpoListing = Omit<Insertable<IpoListingTable>, 'id'>;

/** A new listing, its seed and ticket key sealed (`sealedLotterySecrets`): plain ones are refused. */
export async function insertListing(db: Db, values: NewIpoListing): Promise<number> {
  if (!isSealed(values.seed) || !isSealed(values.listing_key)) {
    throw new Error('ipo listing: the seed and the ticket key are stored sealed');
  }
  const row = await db
    .insertInto('ipo_listing')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The editable terms of a listing (not its lottery secrets, nor anything the draw writes). */
export type IpoListingTerms = Omit<
  NewIpoListing,
  'seed' | 'seed_commitment' | 'listing_key' | 'created_by' | 'created_at'
>;

/**
 * Edits a listing's terms only while its window has not opened (`subscribe_start > nowMs`), in
 * one conditional update: false when it had already opened (or does not exist).
 */
export async function updateListingBeforeOpen(
  db: Db,
  id: number,
  terms: IpoListingTerms,
  nowMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('ipo_listing')
    .set(terms)
    .where('id', '=', BigInt(id))
    .where('subscribe_start', '>', BigInt(nowMs))
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/**
 * Seals the seeds and ticket keys still stored plain (listings written before they were sealed
 * at rest), each row by an update conditional on the values it read, so the gateway and the
 * workers running it together at start seal each once. Idempotent; answers how many it sealed.
 */
export async function sealPlainListingSecrets(db: Db, box: SecretBox): Promise<number> {
  const SEALED_LIKE = `${SEALED_PREFIX}%`;
  const rows = await db
    .selectFrom('ipo_listing')
    .select(['id', 'seed', 'listing_key'])
    .where((eb) =>
      eb.or([eb('seed', 'not like', SEALED_LIKE), eb('listing_key', 'not like', SEALED_LIKE)]),
    )
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const updated = await db
      .updateTable('ipo_listing')
      .set({
        seed: isSealed(row.seed) ? row.seed : box.seal(row.seed),
        listing_key: isSealed(row.listing_key) ? row.listing_key : box.seal(row.listing_key),
      })
      .where('id', '=', row.id)
      .where('seed', '=', row.seed)
      .where('listing_key', '=', row.listing_key)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) sealed += 1;
  }
  return sealed;
}
