import type { Db } from '../../../db/create-db.ts';
import { addDays, dateToUtcMs, utcMsToDate } from '../../../domain/market/calendar-dates.ts';
import { MARKET_RULES, type Market } from '../../../domain/market/rules.ts';
import { scaleOf, type Currency } from '../../../domain/money/currency.ts';
import { loadCandles } from '../../quotes/public.ts';
import type { CloseDay, ClosePrice } from '../domain/index.ts';

/** Calendar days of daily bars a strategy reads (60 trading days need about 90). */
export const LOOKBACK_DAYS = 130;

/** A close in the market's price units as minor units of `currency` a share (`num / den`). */
export function closePriceOf(price: bigint, market: Market, currency: Currency): ClosePrice {
  return {
    num: price * 10n ** BigInt(scaleOf(currency)),
    den: 10n ** BigInt(MARKET_RULES[market].priceScale),
  };
}

/**
 * The daily closes of `symbols` from `from` to `to` (both inclusive), as days on which every
 * symbol has a bar, oldest first: the strategy and the strike see one consistent set of prices.
 */
export async function closeDays(
  db: Db,
  symbols: readonly string[],
  market: Market,
  currency: Currency,
  range: { from: string; to: string },
): Promise<CloseDay[]> {
  const byDate = new Map<string, Record<string, ClosePrice>>();
  for (const symbol of symbols) {
    const bars = await loadCandles(
      db,
      symbol,
      '1d',
      dateToUtcMs(range.from),
      dateToUtcMs(addDays(range.to, 1)),
    );
    for (const bar of bars) {
      const date = utcMsToDate(bar.startMs);
      const day = byDate.get(date) ?? {};
      day[symbol] = closePriceOf(bar.close, market, currency);
      byDate.set(date, day);
    }
  }
  return [...byDate.entries()]
    .filter(([, closes]) => symbols.every((s) => closes[s] !== undefined))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, closes]) => ({ date, closes }));
}

/** The closes up to `date` a strike on `date` reads (the strategy's look-back included). */
export function closesUpTo(
  db: Db,
  symbols: readonly string[],
  market: Market,
  currency: Currency,
  date: string,
): Promise<CloseDay[]> {
  return closeDays(db, symbols, market, currency, {
    from: addDays(date, -LOOKBACK_DAYS),
    to: date,
  });
}
