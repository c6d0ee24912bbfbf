import type { Db } from '../../db/create-db.ts';
import type { PositionRow } from '../../db/tables.ts';
import type { PositionValue } from '../../domain/ledger/summary.ts';
import { findInstrument } from '../../domain/market/instruments.ts';
import type { Currency } from '../../domain/money/currency.ts';
import { valuePosition, type PositionSide } from '../../domain/trading/order-rules.ts';

/**
 * The position reads products need, so no product queries trading's table itself. Each takes
 * the caller's db or write transaction (read under the owner's lock when it is a transaction).
 */

/** One open position by id as it is now, or undefined once it is closed (or never was). */
export async function holdingPosition(
  db: Db,
  positionId: bigint,
): Promise<PositionRow | undefined> {
  return db
    .selectFrom('position')
    .selectAll()
    .where('id', '=', positionId)
    .where('status', '=', 'holding')
    .executeTakeFirst();
}

/** What the stop-out watcher indexes of every open position. */
export type WatchedPosition = Pick<
  PositionRow,
  'id' | 'user_id' | 'symbol' | 'side' | 'qty' | 'open_price' | 'margin'
>;

/** Every open position, by symbol (the stop-out watcher's index). */
export async function holdingPositionsBySymbol(db: Db): Promise<Map<string, WatchedPosition[]>> {
  const rows = await db
    .selectFrom('position')
    .select(['id', 'user_id', 'symbol', 'side', 'qty', 'open_price', 'margin'])
    .where('status', '=', 'holding')
    .execute();
  const bySymbol = new Map<string, WatchedPosition[]>();
  for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
  return bySymbol;
}

/** A user's open positions' symbols, currencies and margins (what collateral rules look at). */
export async function openMarginsOf(
  db: Db,
  userId: number,
): Promise<Pick<PositionRow, 'id' | 'symbol' | 'currency' | 'margin'>[]> {
  return db
    .selectFrom('position')
    .select(['id', 'symbol', 'currency', 'margin'])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding')
    .orderBy('id')
    .execute();
}

/** Positions opened under an intraday application (open and closed), oldest first. */
export async function positionsOfApplication(
  db: Db,
  applicationId: bigint,
  filter: { status?: 'holding' | 'closed'; limit?: number } = {},
): Promise<PositionRow[]> {
  let query = db
    .selectFrom('position')
    .selectAll()
    .where('intraday_application_id', '=', applicationId);
  if (filter.status) query = query.where('status', '=', filter.status);
  query = query.orderBy('id');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

/** The symbols still open under an intraday application (each once). */
export async function openSymbolsOfApplication(db: Db, applicationId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('position')
    .select('symbol')
    .distinct()
    .where('intraday_application_id', '=', applicationId)
    .where('status', '=', 'holding')
    .execute();
  return rows.map((r) => r.symbol);
}

/** How many of an intraday application's positions (closed parts included) closed for `reason`. */
export async function closedCountOfApplication(
  db: Db,
  applicationId: bigint,
  reason: 'user' | 'stop_out' | 'intraday_close',
): Promise<number> {
  const rows = await db
    .selectFrom('position')
    .select('id')
    .where('intraday_application_id', '=', applicationId)
    .where('close_reason', '=', reason)
    .execute();
  return rows.length;
}

/** Every position id among `ids` that is closed. */
export async function closedPositionIds(db: Db, ids: readonly bigint[]): Promise<Set<bigint>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('position')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', 'holding')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A symbol's last feed price at the market's price scale, or null when the feed has none. */
export type LastPrice = (symbol: string) => bigint | null;

/** A user's open positions valued at the last price (at their open price when there is none). */
export async function openPositionValues(
  db: Db,
  userId: number,
  lastPrice: LastPrice,
): Promise<PositionValue[]> {
  const rows = await db
    .selectFrom('position')
    .select(['symbol', 'currency', 'side', 'qty', 'open_price'])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding')
    .execute();
  return rows.flatMap((row) => {
    const instrument = findInstrument(row.symbol);
    if (!instrument) return [];
    const value = valuePosition(
      instrument,
      { side: row.side as PositionSide, qty: row.qty, openPrice: row.open_price },
      lastPrice(row.symbol) ?? row.open_price,
    );
    return [
      {
        currency: row.currency as Currency,
        marketValueMinor: value.marketValue,
        unrealizedPnlMinor: value.unrealizedPnl,
      },
    ];
  });
}

/** The symbol of each position named (for lists that show a position's symbol beside it). */
export async function symbolsOfPositions(
  db: Db,
  ids: readonly bigint[],
): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('position')
    .select(['id', 'symbol'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.symbol]));
}
