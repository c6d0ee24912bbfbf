import type { Db } from '../../../db/create-db.ts';
import type { AlertCondition, IndexedAlert } from '../domain/alert-index.ts';

export interface AlertRow {
  readonly id: bigint;
  readonly symbol: string;
  readonly condition: AlertCondition;
  readonly threshold: bigint;
  readonly status: 'active' | 'triggered';
  readonly createdAt: number;
  readonly triggeredAt: number | null;
  readonly triggeredPrice: bigint | null;
}

/** The most alerts one user keeps (active or triggered). */
export const ALERTS_PER_USER = 50;

function toRow(row: {
  id: bigint;
  symbol: string;
  condition: string;
  threshold: bigint;
  status: string;
  created_at: bigint;
  triggered_at: bigint | null;
  triggered_price: bigint | null;
}): AlertRow {
  return {
    id: row.id,
    symbol: row.symbol,
    condition: row.condition as AlertCondition,
    threshold: row.threshold,
    status: row.status === 'triggered' ? 'triggered' : 'active',
    createdAt: Number(row.created_at),
    triggeredAt: row.triggered_at === null ? null : Number(row.triggered_at),
    triggeredPrice: row.triggered_price,
  };
}

export async function countAlerts(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('price_alert')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAlert(
  db: Db,
  alert: {
    userId: number;
    symbol: string;
    condition: AlertCondition;
    threshold: bigint;
    nowMs: number;
  },
): Promise<bigint> {
  const row = await db
    .insertInto('price_alert')
    .values({
      user_id: BigInt(alert.userId),
      symbol: alert.symbol,
      condition: alert.condition,
      threshold: alert.threshold,
      status: 'active',
      created_at: alert.nowMs,
      triggered_at: null,
      triggered_price: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's alerts, newest first (of one symbol when given). */
export async function alertsOf(db: Db, userId: number, symbol?: string): Promise<AlertRow[]> {
  let query = db
    .selectFrom('price_alert')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc');
  if (symbol) query = query.where('symbol', '=', symbol);
  return (await query.execute()).map(toRow);
}

export async function ownAlert(db: Db, userId: number, id: number): Promise<AlertRow | undefined> {
  const row = await db
    .selectFrom('price_alert')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row && toRow(row);
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('price_alert')
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** A triggered alert back to active (once: a second re-arm finds it active and changes nothing). */
export async function rearmAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('price_alert')
    .set({ status: 'active', triggered_at: null, triggered_price: null })
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'triggered')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Every active alert, for the watcher's index. */
export async function loadActiveAlerts(db: Db): Promise<IndexedAlert[]> {
  const rows = await db
    .selectFrom('price_alert')
    .select(['id', 'user_id', 'symbol', 'condition', 'threshold'])
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: Number(r.user_id),
    symbol: r.symbol,
    condition: r.condition as AlertCondition,
    threshold: r.threshold,
  }));
}

/** Active → triggered once, with the print that met it; false when it was deleted or fired. */
export async function markAlertTriggered(
  db: Db,
  id: bigint,
  price: bigint,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('price_alert')
    .set({ status: 'triggered', triggered_at: nowMs, triggered_price: price })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
