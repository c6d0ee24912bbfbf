import type { Db } from '../../../db/create-db.ts';
import type { IntradayApplicationRow, IntradayApplicationStatus } from './intraday.table.ts';

export const OPEN_STATUSES = ['applied', 'trading', 'submitted'] as const;

export interface NewApplication {
  readonly userId: number;
  readonly market: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly buyingPower: bigint;
  readonly session: { date: string; opensAtMs: number; closesAtMs: number };
  readonly nowMs: number;
}

/** Inserts an `applied` application; call in the write transaction that posts its hold. */
export async function insertApplication(trx: Db, values: NewApplication): Promise<bigint> {
  const row = await trx
    .insertInto('intraday_application')
    .values({
      user_id: BigInt(values.userId),
      market: values.market,
      currency: values.currency,
      amount: values.amount,
      buying_power: values.buyingPower,
      session_date: values.session.date,
      opens_at: values.session.opensAtMs,
      closes_at: values.session.closesAtMs,
      status: 'applied',
      positions_closed: null,
      forced_close_fee: null,
      released: null,
      pnl: null,
      created_at: values.nowMs,
      settled_at: null,
      updated_at: values.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's application for `market` that still holds money, if any. */
export async function openApplicationOf(
  db: Db,
  userId: number,
  market: string,
): Promise<IntradayApplicationRow | undefined> {
  return db
    .selectFrom('intraday_application')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('market', '=', market)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirst();
}

export async function ownApplication(
  db: Db,
  userId: number,
  id: number,
): Promise<IntradayApplicationRow | undefined> {
  return db
    .selectFrom('intraday_application')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
}

/** A user's applications, newest first (optionally of stored statuses). */
export async function applicationsOf(
  db: Db,
  userId: number,
  statuses?: readonly IntradayApplicationStatus[],
): Promise<IntradayApplicationRow[]> {
  let query = db
    .selectFrom('intraday_application')
    .selectAll()
    .where('user_id', '=', BigInt(userId));
  if (statuses) query = query.where('status', 'in', [...statuses]);
  return query.orderBy('id', 'desc').limit(200).execute();
}

/** The back office's list, newest first, by stored statuses and market. */
export async function applicationsForReview(
  db: Db,
  filter: { statuses?: readonly IntradayApplicationStatus[]; market?: string },
): Promise<IntradayApplicationRow[]> {
  let query = db.selectFrom('intraday_application').selectAll();
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.market) query = query.where('market', '=', filter.market);
  return query.orderBy('id', 'desc').limit(500).execute();
}

/**
 * The next chunk of a session's applications still to settle, by id after `afterId` (the
 * settlement walks them in id order, so a restart resumes where the open ones are).
 */
export async function applicationsToSettle(
  db: Db,
  session: { market: string; date: string },
  afterId: bigint,
  limit: number,
): Promise<IntradayApplicationRow[]> {
  return db
    .selectFrom('intraday_application')
    .selectAll()
    .where('market', '=', session.market)
    .where('session_date', '=', session.date)
    .where('status', 'in', [...OPEN_STATUSES])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
