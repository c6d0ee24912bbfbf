import type { SubscriptionStatus } from '../domain/subscription.ts';
import type { Db } from '../../../db/create-db.ts';
import type { IpoSubscriptionRow } from './ipo.table.ts';

/** One subscription as the modules read it: money in minor units, times in ms. */
export interface IpoSubscription {
  readonly id: number;
  readonly listingId: number;
  readonly userId: number;
  readonly lots: number;
  readonly ticket: string;
  readonly status: SubscriptionStatus;
  readonly lotsWon: number | null;
  readonly amountDue: bigint | null;
  readonly payJournalId: bigint | null;
  readonly positionId: bigint | null;
  readonly createdAtMs: number;
  readonly drawnAtMs: number | null;
  readonly paidAtMs: number | null;
  readonly closedAtMs: number | null;
}

/** Ascending ticket order as strings (DESIGN.md §8), not the database's collation. */
const byTicket = (a: { ticket: string }, b: { ticket: string }) =>
  a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0;

const num = (value: bigint | null): number | null => (value === null ? null : Number(value));

export function subscriptionFromRow(row: IpoSubscriptionRow): IpoSubscription {
  return {
    id: Number(row.id),
    listingId: Number(row.listing_id),
    userId: Number(row.user_id),
    lots: Number(row.lots),
    ticket: row.ticket,
    status: row.status as SubscriptionStatus,
    lotsWon: num(row.lots_won),
    amountDue: row.amount_due,
    payJournalId: row.pay_journal_id,
    positionId: row.position_id,
    createdAtMs: Number(row.created_at),
    drawnAtMs: num(row.drawn_at),
    paidAtMs: num(row.paid_at),
    closedAtMs: num(row.closed_at),
  };
}

/** One of the user's subscriptions; undefined for anyone else's (owner-scoped). */
export async function findOwnSubscription(
  db: Db,
  userId: number,
  subscriptionId: number,
): Promise<IpoSubscription | undefined> {
  const row = await db
    .selectFrom('ipo_subscription')
    .selectAll()
    .where('id', '=', BigInt(subscriptionId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? subscriptionFromRow(row) : undefined;
}

/** The user's subscription to one listing, if any (there is at most one). */
export async function subscriptionToListing(
  db: Db,
  userId: number,
  listingId: number,
): Promise<IpoSubscription | undefined> {
  const row = await db
    .selectFrom('ipo_subscription')
    .selectAll()
    .where('listing_id', '=', BigInt(listingId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? subscriptionFromRow(row) : undefined;
}

/** The user's subscriptions, newest first. */
export async function subscriptionsOfUser(db: Db, userId: number): Promise<IpoSubscription[]> {
  const rows = await db
    .selectFrom('ipo_subscription')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .execute();
  return rows.map(subscriptionFromRow);
}

/** A listing's subscriptions in ticket order (the lottery's list order), with the account. */
export async function subscriptionsOfListing(
  db: Db,
  listingId: number,
): Promise<Array<IpoSubscription & { account: string }>> {
  const rows = await db
    .selectFrom('ipo_subscription')
    .innerJoin('app_user', 'app_user.id', 'ipo_subscription.user_id')
    .selectAll('ipo_subscription')
    .select('app_user.account')
    .where('listing_id', '=', BigInt(listingId))
    .execute();
  return rows.map((row) => ({ ...subscriptionFromRow(row), account: row.account })).sort(byTicket);
}

/**
 * A listing's lottery list as published: ticket, lots asked and lots won (0 until drawn), in
 * ascending ticket order as strings (sorted here, not by the database's collation).
 */
export async function lotteryListOf(
  db: Db,
  listingId: number,
): Promise<Array<{ ticket: string; lots: number; lotsWon: number }>> {
  const rows = await db
    .selectFrom('ipo_subscription')
    .select(['ticket', 'lots', 'lots_won'])
    .where('listing_id', '=', BigInt(listingId))
    .execute();
  return rows
    .map((r) => ({ ticket: r.ticket, lots: Number(r.lots), lotsWon: Number(r.lots_won ?? 0n) }))
    .sort(byTicket);
}

/** Applicants and lots asked for on a listing, counted from its subscriptions. */
export async function applicationTotals(
  db: Db,
  listingId: number,
): Promise<{ applicants: number; lotsApplied: number }> {
  const row = await db
    .selectFrom('ipo_subscription')
    .select((eb) => [
      eb.fn.countAll<bigint | number | string>().as('n'),
      eb.fn.sum<bigint | number | string | null>('lots').as('lots'),
    ])
    .where('listing_id', '=', BigInt(listingId))
    .executeTakeFirstOrThrow();
  return { applicants: Number(row.n), lotsApplied: Number(row.lots ?? 0) };
}

/**
 * Writes an application and its ticket, in the caller's transaction: the row first (its id names
 * the ticket), a placeholder ticket unique per user meanwhile, then the ticket from `ticketOf(id)`.
 * A second application of the same user to the listing fails on `ipo_subscription_once`.
 */
export async function insertSubscription(
  db: Db,
  values: { listingId: number; userId: number; lots: number; requestId: string; nowMs: number },
  ticketOf: (id: number) => string,
): Promise<{ id: number; ticket: string }> {
  const inserted = await db
    .insertInto('ipo_subscription')
    .values({
      listing_id: BigInt(values.listingId),
      user_id: BigInt(values.userId),
      lots: values.lots,
      ticket: `pending:${values.userId}`,
      status: 'applied',
      request_id: values.requestId,
      created_at: values.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const ticket = ticketOf(id);
  await db.updateTable('ipo_subscription').set({ ticket }).where('id', '=', inserted.id).execute();
  return { id, ticket };
}
