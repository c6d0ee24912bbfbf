import type { Db } from '../../../db/create-db.ts';
import type { BlockOrderRow } from './block.table.ts';

export interface BlockOrder {
  readonly id: number;
  readonly offerId: number;
  readonly userId: number;
  readonly lots: number;
  readonly amount: bigint;
  readonly status: 'held' | 'settled' | 'void';
  readonly positionId: bigint | null;
  readonly createdAtMs: number;
  /** Lottery applications: the ticket, lots applied for, lots won once drawn (null otherwise). */
  readonly ticket: string | null;
  readonly lotsApplied: number | null;
  readonly lotsWon: number | null;
}

const num = (value: bigint | null): number | null => (value === null ? null : Number(value));

export function orderFromRow(row: BlockOrderRow): BlockOrder {
  return {
    id: Number(row.id),
    offerId: Number(row.offer_id),
    userId: Number(row.user_id),
    lots: Number(row.lots),
    amount: row.amount,
    status: row.status as BlockOrder['status'],
    positionId: row.position_id,
    createdAtMs: Number(row.created_at),
    ticket: row.ticket,
    lotsApplied: num(row.lots_applied),
    lotsWon: num(row.lots_won),
  };
}

/** Writes a purchase (status held) in the caller's transaction; its id. */
export async function insertOrder(
  db: Db,
  values: {
    offerId: number;
    userId: number;
    lots: number;
    amount: bigint;
    requestId: string;
    nowMs: number;
    /** A lottery application: the lots are applied for, not yet bought. */
    applied?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('block_order')
    .values({
      offer_id: BigInt(values.offerId),
      user_id: BigInt(values.userId),
      lots: values.lots,
      amount: values.amount,
      status: 'held',
      request_id: values.requestId,
      created_at: values.nowMs,
      lots_applied: values.applied ? values.lots : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setHoldJournal(db: Db, orderId: number, journalId: bigint): Promise<void> {
  await db
    .updateTable('block_order')
    .set({ hold_journal_id: journalId })
    .where('id', '=', BigInt(orderId))
    .execute();
}

/** Lots the user has bought on an offer (held or settled). */
export async function lotsBoughtBy(db: Db, userId: number, offerId: number): Promise<number> {
  const row = await db
    .selectFrom('block_order')
    .select((eb) => eb.fn.sum<bigint | number | string | null>('lots').as('lots'))
    .where('user_id', '=', BigInt(userId))
    .where('offer_id', '=', BigInt(offerId))
    .where('status', 'in', ['held', 'settled'])
    .executeTakeFirstOrThrow();
  return Number(row.lots ?? 0);
}

/** The user's purchases, newest first. */
export async function ordersOfUser(db: Db, userId: number): Promise<BlockOrder[]> {
  const rows = await db
    .selectFrom('block_order')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .execute();
  return rows.map(orderFromRow);
}

/** An offer's held purchases, oldest first (settlement order), at most `limit`. */
export async function heldOrdersOf(db: Db, offerId: number, limit: number): Promise<BlockOrder[]> {
  const rows = await db
    .selectFrom('block_order')
    .selectAll()
    .where('offer_id', '=', BigInt(offerId))
    .where('status', '=', 'held')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(orderFromRow);
}

/** An offer's sold lots and buyers (back office). */
export async function salesOf(
  db: Db,
  offerId: number,
): Promise<{ lotsSold: number; buyers: number }> {
  const row = await db
    .selectFrom('block_order')
    .select((eb) => [
      eb.fn.sum<bigint | number | string | null>('lots').as('lots'),
      eb.fn.count<bigint | number | string>('user_id').distinct().as('buyers'),
    ])
    .where('offer_id', '=', BigInt(offerId))
    .where('status', 'in', ['held', 'settled'])
    .executeTakeFirstOrThrow();
  return { lotsSold: Number(row.lots ?? 0), buyers: Number(row.buyers) };
}

export async function setTicket(db: Db, orderId: number, ticket: string): Promise<void> {
  await db.updateTable('block_order').set({ ticket }).where('id', '=', BigInt(orderId)).execute();
}

/** A lottery offer's applications still held, in ascending ticket order (the draw's list). */
export async function applicationsOf(db: Db, offerId: number): Promise<BlockOrder[]> {
  const rows = await db
    .selectFrom('block_order')
    .selectAll()
    .where('offer_id', '=', BigInt(offerId))
    .where('ticket', 'is not', null)
    .where('lots_applied', 'is not', null)
    .orderBy('ticket')
    .execute();
  return rows.map(orderFromRow);
}

/** Lots applied for on a lottery offer, and by how many buyers (held applications). */
export async function appliedOf(
  db: Db,
  offerId: number,
): Promise<{ lotsApplied: number; applicants: number }> {
  const row = await db
    .selectFrom('block_order')
    .select((eb) => [
      eb.fn.sum<bigint | number | string | null>('lots_applied').as('lots'),
      eb.fn.count<bigint | number | string>('id').as('applicants'),
    ])
    .where('offer_id', '=', BigInt(offerId))
    .where('lots_applied', 'is not', null)
    .executeTakeFirstOrThrow();
  return { lotsApplied: Number(row.lots ?? 0), applicants: Number(row.applicants) };
}

/** A winning application's lots and cost cut to what it won (its hold keeps only that). */
export async function keepWon(
  db: Db,
  orderId: number,
  won: { lots: number; amount: bigint },
): Promise<void> {
  await db
    .updateTable('block_order')
    .set({ lots: won.lots, amount: won.amount, lots_won: won.lots })
    .where('id', '=', BigInt(orderId))
    .where('status', '=', 'held')
    .execute();
}
