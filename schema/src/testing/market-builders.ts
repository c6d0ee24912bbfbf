import type { Db } from '../db/create-db.ts';
import { upsertCandles } from '../db/repositories/market-data.store.ts';
import { tradingDateKey } from '../domain/market/candles.ts';

/** Tests only: one daily bar per date for `symbol` closing at `closes` (market price units). */
export async function dailyCloses(
  db: Db,
  symbol: string,
  closes: ReadonlyArray<readonly [date: string, close: bigint]>,
): Promise<void> {
  await upsertCandles(
    db,
    closes.map(([date, close]) => ({
      symbol,
      period: '1d' as const,
      bar: {
        startMs: tradingDateKey(date),
        ...{ open: close, high: close, low: close, close },
        ...{ volume: 1000n, turnover: close * 1000n },
      },
    })),
  );
}
