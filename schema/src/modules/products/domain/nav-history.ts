import { strikeBook, type Book, type ClosePrice } from './book.ts';
import { openingNav } from './nav.ts';
import { targetWeights, type StrategyParams } from './strategies.ts';

/** One market date's closes for the strategy's universe (every name, in minor units a share). */
export interface CloseDay {
  readonly date: string;
  readonly closes: Readonly<Record<string, ClosePrice>>;
}

export interface NavPoint {
  readonly date: string;
  readonly nav: bigint;
}

/**
 * A product's NAV history from its first day: a seed of `seedMinor` follows at the opening NAV on
 * the first date, and the strategy runs the book on every later close with no other follow or
 * redemption (so the history is the strategy's, not its holders'). The strategy sees only the
 * closes up to each date. `days` are in date order; `lookBack`, the days before the first, are
 * what the strategy has already seen on the first day (no NAV is struck on them).
 */
export function navHistory(
  params: StrategyParams,
  days: readonly CloseDay[],
  seedMinor: bigint,
  minorDecimals: number,
  lookBack: readonly CloseDay[] = [],
): NavPoint[] {
  const series: Record<string, bigint[]> = {};
  for (const day of lookBack) {
    for (const [symbol, price] of Object.entries(day.closes)) {
      (series[symbol] ??= []).push(price.num);
    }
  }
  let book: Book = { cash: 0n, holdings: {}, units: 0n, nav: openingNav(minorDecimals) };
  const points: NavPoint[] = [];
  days.forEach((day, i) => {
    for (const [symbol, price] of Object.entries(day.closes)) {
      // a name's prices share one denominator, so the numerators are the closes up to scale
      (series[symbol] ??= []).push(price.num);
    }
    const weights = targetWeights(params, series);
    const follows = i === 0 ? [{ orderId: 'seed', amount: seedMinor }] : [];
    const strike = strikeBook(book, day.closes, weights, follows, []);
    book = strike.book;
    points.push({ date: day.date, nav: strike.nav });
  });
  return points;
}
