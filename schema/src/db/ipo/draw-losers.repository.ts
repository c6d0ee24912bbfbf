import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../create-db.ts';
import { dialectOf } from '../dialect.ts';

/** A slice of the frozen list by ticket: after `after` (exclusive; null = from the start) up to `upTo`. */
export interface TicketRange {
  readonly after: string | null;
  readonly upTo: string;
}

/** The `ticket` column compared as bytes, like the list's order (PostgreSQL: `COLLATE "C"`). */
function ticketColumn(db: Db, alias: string): RawBuilder<string> {
  const column = sql.ref(`${alias}.ticket`);
  return dialectOf(db) === 'postgres' ? sql`${column} collate "C"` : sql`${column}`;
}

/** The rows of one chunk still `applied`: after its winners were marked, the chunk's losers. */
function stillApplied(
  db: Db,
  listingId: number,
  range: TicketRange,
  alias = 's',
): RawBuilder<unknown> {
  const ticket = ticketColumn(db, alias);
  const lower = range.after === null ? sql`` : sql`and ${ticket} > ${range.after}`;
  return sql`${sql.ref(`${alias}.listing_id`)} = ${listingId} and ${sql.ref(`${alias}.status`)} = 'applied'
    and ${ticket} <= ${range.upTo} ${lower}`;
}

/** What every loser of a listing is told (its inbox message and its `allotment:drawn` event). */
export interface LoserNotice {
  readonly inboxKind: string;
  /** The inbox message's params, the same for every loser of the listing, as JSON. */
  readonly inboxParams: string;
  /** The `allotment:drawn` payload as JSON, split where the subscription id goes. */
  readonly eventBefore: string;
  readonly eventAfter: string;
  readonly nowMs: number;
}

/**
 * Marks a chunk's remaining `applied` rows lost, set-based, with one inbox message and one
 * `allotment:drawn` outbox event each (the account's next seq), all in the caller's transaction:
 * the messages and events are written for exactly the rows this update moves, so a rerun of a
 * committed chunk finds none and writes nothing. Returns how many lost.
 */
export async function markChunkLost(
  trx: Db,
  listingId: number,
  range: TicketRange,
  notice: LoserNotice,
): Promise<number> {
  const where = stillApplied(trx, listingId, range);
  await sql`insert into inbox_message (user_id, kind, params, read_at, created_at)
    select s.user_id, ${notice.inboxKind}, ${notice.inboxParams}, null, ${notice.nowMs}
    from ipo_subscription s where ${where}`.execute(trx);
  await sql`insert into account_event_seq (user_id, last_seq)
    select s.user_id, 1 from ipo_subscription s where ${where} order by s.user_id
    on conflict (user_id) do update set last_seq = account_event_seq.last_seq + 1`.execute(trx);
  await sql`insert into account_event_outbox (user_id, seq, event, payload, created_at)
    select s.user_id, q.last_seq, 'allotment:drawn',
      cast(${notice.eventBefore} as text) || cast(s.id as text) || cast(${notice.eventAfter} as text),
      ${notice.nowMs}
    from ipo_subscription s join account_event_seq q on q.user_id = s.user_id
    where ${where}`.execute(trx);
  const updated = await sql`update ipo_subscription set status = 'lost', lots_won = 0,
    drawn_at = ${notice.nowMs} where ${stillApplied(trx, listingId, range, 'ipo_subscription')}`.execute(
    trx,
  );
  return Number(updated.numAffectedRows ?? 0n);
}

/**
 * Forfeits up to `limit` unpaid wins of a listing (won → forfeited, set-based) with an inbox
 * message each, in the caller's transaction; the messages go to exactly the rows it moves.
 */
export async function forfeitChunk(
  trx: Db,
  listingId: number,
  limit: number,
  notice: { params: string; nowMs: number },
): Promise<number> {
  const rows = await trx
    .selectFrom('ipo_subscription')
    .select('id')
    .where('listing_id', '=', BigInt(listingId))
    .where('status', '=', 'won')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await sql`insert into inbox_message (user_id, kind, params, read_at, created_at)
    select user_id, 'ipo_forfeited', ${notice.params}, null, ${notice.nowMs}
    from ipo_subscription where id in (${sql.join(ids)}) and status = 'won'`.execute(trx);
  const updated = await trx
    .updateTable('ipo_subscription')
    .set({ status: 'forfeited', closed_at: notice.nowMs })
    .where('id', 'in', ids)
    .where('status', '=', 'won')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}
