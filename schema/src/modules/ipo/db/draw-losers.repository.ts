import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { WriteTrx } from '../../../db/after-commit.ts';
import { advanceMany } from '../../../db/advance.ts';
import { dialectOf } from '../../../db/dialect.ts';

/**
 * A chunk of a listing's subscriptions by id: after `afterId` (exclusive) up to `upToId`. Ids, not
 * tickets: a ticket range is spread over the whole table (tickets are pseudorandom), an id range
 * is a run of neighbouring pages, so a million-row draw reads each page about once.
 */
export interface IdRange {
  readonly afterId: number;
  readonly upToId: number;
}

/**
 * The subscriptions table read by its rowid (SQLite: NOT INDEXED, else the planner may pick the
 * (listing, status) index and scan every applied row of the listing for each chunk).
 */
function byId(db: Db, alias?: string): RawBuilder<unknown> {
  const table = alias ? sql`ipo_subscription ${sql.raw(alias)}` : sql`ipo_subscription`;
  return dialectOf(db) === 'sqlite' ? sql`${table} not indexed` : table;
}

/** The rows of one chunk (`alias.` before each column when given). */
function inChunk(listingId: number, range: IdRange, alias?: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql`${column('id')} > ${range.afterId} and ${column('id')} <= ${range.upToId}
    and ${column('listing_id')} = ${listingId}`;
}

/** The rows of one chunk still `applied`: after its winners were marked, the chunk's losers. */
function stillApplied(listingId: number, range: IdRange, alias: string): RawBuilder<unknown> {
  return sql`${inChunk(listingId, range, alias)} and ${sql.ref(`${alias}.status`)} = 'applied'`;
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
  trx: WriteTrx,
  listingId: number,
  range: IdRange,
  notice: LoserNotice,
): Promise<number> {
  const where = stillApplied(listingId, range, 's');
  await sql`insert into inbox_message (user_id, kind, params, read_at, created_at)
    select s.user_id, ${notice.inboxKind}, ${notice.inboxParams}, null, ${notice.nowMs}
    from ${byId(trx, 's')} where ${where}`.execute(trx);
  await sql`insert into account_event_seq (user_id, last_seq)
    select s.user_id, 1 from ${byId(trx, 's')} where ${where} order by s.user_id
    on conflict (user_id) do update set last_seq = account_event_seq.last_seq + 1`.execute(trx);
  // CROSS JOIN keeps the chunk's rows as SQLite's outer loop.
  await sql`insert into account_event_outbox (user_id, seq, event, payload, created_at)
    select s.user_id, q.last_seq, 'allotment:drawn',
      cast(${notice.eventBefore} as text) || cast(s.id as text) || cast(${notice.eventAfter} as text),
      ${notice.nowMs}
    from ${byId(trx, 's')} cross join account_event_seq q
    where q.user_id = s.user_id and ${where}`.execute(trx);
  const lost = await advanceMany(trx, 'ipo_subscription', 'applied', 'lost', {
    where: inChunk(listingId, range),
    set: { lots_won: 0, drawn_at: notice.nowMs },
    byRowid: true,
  });
  return lost.count;
}

/**
 * Each forfeit's `message:created` (the bell counts it live), set-based like the losers' events:
 * one sequence number per user, then the outbox rows the relay sends once the chunk commits.
 */
async function announceForfeits(
  trx: WriteTrx,
  ids: readonly bigint[],
  notice: { symbol: string; nowMs: number },
): Promise<void> {
  const [before, after] = JSON.stringify({
    kind: 'ipo_forfeited',
    subscription_id: '<id>',
    symbol: notice.symbol,
  }).split('<id>');
  const chunk = sql`s.id in (${sql.join([...ids])}) and s.status = 'won'`;
  await sql`insert into account_event_seq (user_id, last_seq)
    select s.user_id, 1 from ipo_subscription s where ${chunk} order by s.user_id
    on conflict (user_id) do update set last_seq = account_event_seq.last_seq + 1`.execute(trx);
  await sql`insert into account_event_outbox (user_id, seq, event, payload, created_at)
    select s.user_id, q.last_seq, 'message:created',
      cast(${before} as text) || cast(s.id as text) || cast(${after} as text), ${notice.nowMs}
    from ipo_subscription s cross join account_event_seq q
    where q.user_id = s.user_id and ${chunk}`.execute(trx);
}

/**
 * Forfeits up to `limit` unpaid wins of a listing (won → forfeited, set-based) with an inbox
 * message each, in the caller's transaction; the messages go to exactly the rows it moves.
 */
export async function forfeitChunk(
  trx: WriteTrx,
  listingId: number,
  limit: number,
  notice: { params: string; symbol: string; nowMs: number },
): Promise<number> {
  let query = trx
    .selectFrom('ipo_subscription')
    .select('id')
    .where('listing_id', '=', BigInt(listingId))
    .where('status', '=', 'won')
    .orderBy('id')
    .limit(limit);
  // PostgreSQL: a pay call on one of these waits for this chunk (then finds it forfeited), so no
  // message goes to a win paid between the insert and the update below.
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await sql`insert into inbox_message (user_id, kind, params, read_at, created_at)
    select user_id, 'ipo_forfeited', ${notice.params}, null, ${notice.nowMs}
    from ipo_subscription where id in (${sql.join(ids)}) and status = 'won'`.execute(trx);
  await announceForfeits(trx, ids, notice);
  const forfeited = await advanceMany(trx, 'ipo_subscription', 'won', 'forfeited', {
    where: sql`id in (${sql.join(ids)})`,
    set: { closed_at: notice.nowMs },
  });
  return forfeited.count;
}
