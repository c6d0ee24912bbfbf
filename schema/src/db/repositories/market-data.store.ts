import type { Candle, CorporateAction } from '../../domain/market/index.ts';
import type { Db } from '../create-db.ts';
import { writeTransaction } from '../write-transaction.ts';

/** Candles, corporate actions and watchlists: the market data the feed writes and the gateway reads. */
export interface StoredBar {
  readonly symbol: string;
  readonly period: '1m' | '1d';
  readonly bar: Candle;
}

const BATCH = 400;

function toRow({ symbol, period, bar }: StoredBar) {
  return {
    symbol,
    period,
    start_ms: BigInt(bar.startMs),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume: bar.volume,
    turnover: bar.turnover,
  };
}

/** Inserts or replaces bars in batches, in one write transaction. */
export async function upsertCandles(db: Db, bars: readonly StoredBar[]): Promise<void> {
  if (bars.length === 0) return;
  await writeTransaction(db, async (trx) => {
    for (let i = 0; i < bars.length; i += BATCH) {
      await trx
        .insertInto('candle')
        .values(bars.slice(i, i + BATCH).map(toRow))
        .onConflict((oc) =>
          oc.columns(['symbol', 'period', 'start_ms']).doUpdateSet((eb) => ({
            open: eb.ref('excluded.open'),
            high: eb.ref('excluded.high'),
            low: eb.ref('excluded.low'),
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
            turnover: eb.ref('excluded.turnover'),
          })),
        )
        .execute();
    }
  });
}

function toCandle(row: {
  start_ms: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
}): Candle {
  return {
    startMs: Number(row.start_ms),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    turnover: row.turnover,
  };
}

/** Bars of one symbol and stored period in [fromMs, toMs), ascending. */
export async function loadCandles(
  db: Db,
  symbol: string,
  period: '1m' | '1d',
  fromMs: number,
  toMs: number,
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('candle')
    .select(['start_ms', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('start_ms', '>=', BigInt(fromMs))
    .where('start_ms', '<', BigInt(toMs))
    .orderBy('start_ms')
    .execute();
  return rows.map(toCandle);
}

/** The latest `limit` bars of one symbol and stored period before `beforeMs`, ascending. */
export async function loadLatestCandles(
  db: Db,
  symbol: string,
  period: '1m' | '1d',
  beforeMs: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('candle')
    .select(['start_ms', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('start_ms', '<', BigInt(beforeMs))
    .orderBy('start_ms', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toCandle);
}

/** Start of the latest bar of one symbol and stored period before `beforeMs`, or null if none. */
export async function latestCandleStart(
  db: Db,
  symbol: string,
  period: '1m' | '1d',
  beforeMs: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('candle')
    .select('start_ms')
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('start_ms', '<', BigInt(beforeMs))
    .orderBy('start_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.start_ms) : null;
}

/**
 * The daily bars since `sinceMs` of every symbol (the feed resumes from them), or with
 * `newSharesOnly` of the symbols of new-share listings only.
 */
export async function loadRecentDailyBars(
  db: Db,
  sinceMs: number,
  { newSharesOnly = false }: { newSharesOnly?: boolean } = {},
): Promise<Map<string, Candle[]>> {
  let query = db
    .selectFrom('candle')
    .select(['symbol', 'start_ms', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
    .where('period', '=', '1d')
    .where('start_ms', '>=', BigInt(sinceMs));
  if (newSharesOnly) {
    query = query.where('symbol', 'in', (eb) => eb.selectFrom('ipo_listing').select('symbol'));
  }
  const rows = await query.orderBy('symbol').orderBy('start_ms').execute();
  const bySymbol = new Map<string, Candle[]>();
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push(toCandle(row));
    bySymbol.set(row.symbol, list);
  }
  return bySymbol;
}

export async function symbolsWithHistory(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('candle')
    .select('symbol')
    .where('period', '=', '1d')
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.symbol));
}

export type StoredAction = CorporateAction & {
  readonly symbol: string;
  readonly prevClose: bigint;
};

export async function insertCorporateActions(
  db: Db,
  actions: readonly StoredAction[],
): Promise<void> {
  if (actions.length === 0) return;
  await writeTransaction(db, async (trx) => {
    for (let i = 0; i < actions.length; i += BATCH) {
      await trx
        .insertInto('corporate_action')
        .values(
          actions.slice(i, i + BATCH).map((a) => ({
            symbol: a.symbol,
            ex_date_ms: BigInt(a.exDateMs),
            cash_dividend: a.cashDividend,
            bonus_numerator: a.bonusNumerator,
            bonus_denominator: a.bonusDenominator,
            prev_close: a.prevClose,
          })),
        )
        .onConflict((oc) => oc.columns(['symbol', 'ex_date_ms']).doNothing())
        .execute();
    }
  });
}

export async function loadCorporateActions(db: Db, symbol: string): Promise<StoredAction[]> {
  const rows = await db
    .selectFrom('corporate_action')
    .selectAll()
    .where('symbol', '=', symbol)
    .orderBy('ex_date_ms')
    .execute();
  return rows.map((r) => ({
    symbol: r.symbol,
    exDateMs: Number(r.ex_date_ms),
    cashDividend: r.cash_dividend,
    bonusNumerator: r.bonus_numerator,
    bonusDenominator: r.bonus_denominator,
    prevClose: r.prev_close,
  }));
}

export async function addToWatchlist(
  db: Db,
  userId: number,
  symbol: string,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .insertInto('watchlist_entry')
    .values({ user_id: BigInt(userId), symbol, created_at: BigInt(nowMs) })
    .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function removeFromWatchlist(
  db: Db,
  userId: number,
  symbol: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('watchlist_entry')
    .where('user_id', '=', BigInt(userId))
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listWatchlist(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist_entry')
    .select('symbol')
    .where('user_id', '=', BigInt(userId))
    .orderBy('created_at')
    .orderBy('symbol')
    .execute();
  return rows.map((r) => r.symbol);
}

export async function countWatchlist(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('watchlist_entry')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
