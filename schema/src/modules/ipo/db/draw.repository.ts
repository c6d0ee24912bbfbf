import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { WriteTrx } from '../../../db/after-commit.ts';
import { writeTransaction } from '../../../db/write-transaction.ts';
import { dialectOf } from '../../../db/dialect.ts';
import type { IpoListingRow } from './ipo.table.ts';

/** The listing a step works on, or undefined for an unknown id. */
export function listingForStep(db: Db, ipoId: number): Promise<IpoListingRow | undefined> {
  return db
    .selectFrom('ipo_listing')
    .selectAll()
    .where('id', '=', BigInt(ipoId))
    .executeTakeFirst();
}

/**
 * Waits until no application to the listing is still being written: a write transaction that
 * locks the listing (PostgreSQL: FOR UPDATE, which waits for every application's shared lock;
 * SQLite: BEGIN IMMEDIATE, which waits for every writer). An application that commits after it
 * read its clock after this (past the close, as the draw runs after it) and was refused, so the
 * list read next is the whole list.
 */
export async function freezeBarrier(db: Db, listingId: number): Promise<void> {
  await writeTransaction(db, (trx) => lockListing(trx, listingId));
}

/** One frozen entry of the list (DESIGN.md §8 step 2), with its subscription id. */
export interface FrozenEntry {
  readonly ticket: string;
  readonly lots: number;
  readonly id: number;
}

const FREEZE_PAGE = 50_000;

/**
 * Every subscription of the listing as the lottery's entries, sorted by ticket as byte strings
 * (PostgreSQL: `COLLATE "C"`, whatever the database's collation; SQLite compares bytes), read in
 * pages by ticket so a million rows never sit in memory twice.
 */
export async function frozenEntries(db: Db, listingId: number): Promise<FrozenEntry[]> {
  const ticket =
    dialectOf(db) === 'postgres' ? sql<string>`ticket collate "C"` : sql<string>`ticket`;
  const entries: FrozenEntry[] = [];
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('ipo_subscription')
      .select(['ticket', 'lots', 'id'])
      .where('listing_id', '=', BigInt(listingId));
    if (after !== null) query = query.where(ticket, '>', after);
    const rows = await query.orderBy(ticket).limit(FREEZE_PAGE).execute();
    for (const row of rows) {
      entries.push({ ticket: row.ticket, lots: Number(row.lots), id: Number(row.id) });
    }
    if (rows.length < FREEZE_PAGE) return entries;
    after = rows[rows.length - 1]!.ticket;
  }
}

/** The frozen list's record (DESIGN.md §8 step 2), published at the close. */
export interface FrozenListRecord {
  readonly listHash: string;
  readonly applicants: number;
  readonly lotsApplied: number;
}

/** What storing the frozen list did: stored it now, found one stored, or found the list grown. */
export type FreezeOutcome = 'stored' | 'already' | 'list_changed';

/**
 * Publishes the frozen list once: in one write transaction that locks the listing, checks the
 * list still has `applicants` rows (an application written since it was read — a clock behind
 * the close — means read again), reads the clock and stores the hash, totals and `list_frozen_at`
 * by an update conditional on `list_hash is null`. The stamp is read after the write lock is
 * held, so only this statement and its commit lie between it and the hash being readable.
 */
export async function storeFrozenList(
  db: Db,
  listingId: number,
  record: FrozenListRecord,
  nowMs: () => number,
): Promise<FreezeOutcome> {
  return writeTransaction(db, async (trx) => {
    await lockListing(trx, listingId);
    const { n } = await trx
      .selectFrom('ipo_subscription')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .where('listing_id', '=', BigInt(listingId))
      .executeTakeFirstOrThrow();
    if (Number(n) !== record.applicants) return 'list_changed';
    const at = nowMs();
    const updated = await trx
      .updateTable('ipo_listing')
      .set({
        list_hash: record.listHash,
        applicants: BigInt(record.applicants),
        lots_applied: BigInt(record.lotsApplied),
        list_frozen_at: at,
        updated_at: at,
      })
      .where('id', '=', BigInt(listingId))
      .where('list_hash', 'is', null)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n ? 'stored' : 'already';
  });
}

/** The beacon value and the draw seed, stored once per listing after its list was frozen. */
export interface DrawRecord {
  readonly listHash: string;
  readonly beacon: string;
  readonly beaconRound: number | null;
  readonly beaconSignature: string | null;
  readonly drawSeed: string;
}

/**
 * Stores the draw's beacon once: a conditional update on `beacon is null` (and on the published
 * list hash), so a rerun (or a second worker) keeps the first beacon and never draws on a new
 * one. Returns whether this call stored it; the caller then reads the stored record back.
 */
export async function storeDrawRecord(
  db: Db,
  listingId: number,
  record: DrawRecord,
  nowMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('ipo_listing')
    .set({
      beacon: record.beacon,
      beacon_round: record.beaconRound === null ? null : BigInt(record.beaconRound),
      beacon_signature: record.beaconSignature,
      draw_seed: record.drawSeed,
      updated_at: nowMs,
    })
    .where('id', '=', BigInt(listingId))
    .where('list_hash', '=', record.listHash)
    .where('beacon', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Marks a step done once (`drawn_at`, `forfeited_at` or `listed_at`); true if this call did. */
export async function markStepDone(
  db: Db,
  listingId: number,
  column: 'drawn_at' | 'forfeited_at' | 'listed_at',
  nowMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('ipo_listing')
    .set({ [column]: nowMs, updated_at: nowMs })
    .where('id', '=', BigInt(listingId))
    .where(column, 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/**
 * Serialises the steps' chunk transactions of one listing across processes: PostgreSQL locks the
 * listing row; SQLite's BEGIN IMMEDIATE already holds every other writer.
 */
export async function lockListing(trx: WriteTrx, listingId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select id from ipo_listing where id = ${listingId} for update`.execute(trx);
  }
}

/** The subscriptions still `applied` among these ids (a chunk's winners), with their users. */
export async function appliedByIds(
  trx: Db,
  ids: readonly number[],
): Promise<{ id: bigint; user_id: bigint }[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('ipo_subscription')
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      ids.map((id) => BigInt(id)),
    )
    .where('status', '=', 'applied')
    .execute();
}
