import { localClock, type LocalDate } from '../../../domain/market/calendar-dates.ts';
import {
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
} from '../../../domain/market/holidays.ts';
import { MARKET_RULES, type Market } from '../../../domain/market/rules.ts';
import { sessionCloseMs } from '../../../domain/market/sessions.ts';

/** The product market's local date at `nowMs` (lock-ups and payment days count in it). */
export function marketToday(market: Market, nowMs: number): LocalDate {
  return localClock(nowMs, MARKET_RULES[market].timeZone).date;
}

/** The latest trading date whose close has printed by `nowMs`. */
export function lastClosedDate(market: Market, nowMs: number): LocalDate {
  const today = marketToday(market, nowMs);
  if (isTradingDay(market, today) && sessionCloseMs(market, today) <= nowMs) return today;
  return previousTradingDay(market, today);
}

/**
 * The date a product's NAV is struck for next at `nowMs`: the latest closed trading date, when it
 * is after the last NAV's date; null when that close is struck already. A strike that was missed
 * (the worker down over a close) is not made up at a later close's prices: only the latest close
 * is struck, so no NAV is struck at prices of another day.
 */
export function strikeDateDue(
  market: Market,
  nowMs: number,
  lastNavDate: LocalDate | null,
): LocalDate | null {
  const closed = lastClosedDate(market, nowMs);
  return lastNavDate === null || closed > lastNavDate ? closed : null;
}

/** The day a redemption valued at the `struck` close is paid: the next business day. */
export function redemptionPayDate(market: Market, struck: LocalDate): LocalDate {
  return nextTradingDay(market, struck);
}
