import { localClock, type LocalDate } from '../../../domain/market/calendar-dates.ts';
import { isTradingDay, nextTradingDay } from '../../../domain/market/holidays.ts';
import { MARKET_RULES, type Market } from '../../../domain/market/rules.ts';
import {
  continuousWindows,
  sessionCloseMs,
  type ClockMode,
} from '../../../domain/market/sessions.ts';

/** One market session an application is for: its exchange-local date, open and close instants. */
export interface IntradaySession {
  readonly market: Market;
  readonly date: LocalDate;
  readonly opensAtMs: number;
  readonly closesAtMs: number;
}

export function sessionOn(market: Market, date: LocalDate): IntradaySession {
  const first = continuousWindows(market, date)[0];
  if (!first) throw new Error(`${market} has no session on ${date}`);
  return { market, date, opensAtMs: first.startMs, closesAtMs: sessionCloseMs(market, date) };
}

/**
 * The session an application made at `nowMs` is for: today's when today is a trading day and its
 * close has not come yet (open, or still to open), else the next trading day's (holidays and
 * weekends skipped by the exchange calendar). The `always-open` clock (demos, tests) uses the
 * same session, so its settlement still comes at a real close; only the status shows it trading
 * at once (`shownIntradayStatus`).
 */
export function sessionForApplication(
  market: Market,
  nowMs: number,
  _mode: ClockMode,
): IntradaySession {
  const { date } = localClock(nowMs, MARKET_RULES[market].timeZone);
  if (isTradingDay(market, date) && nowMs < sessionCloseMs(market, date)) {
    return sessionOn(market, date);
  }
  return sessionOn(market, nextTradingDay(market, date));
}

/**
 * The next close strictly after `nowMs` (the settlement job's due time): today's session close if
 * still ahead, else the next trading day's. Early closes (NYSE 13:00 ET) come from the calendar.
 */
export function nextSessionClose(market: Market, nowMs: number): IntradaySession {
  const { date } = localClock(nowMs, MARKET_RULES[market].timeZone);
  if (isTradingDay(market, date) && nowMs < sessionCloseMs(market, date)) {
    return sessionOn(market, date);
  }
  return sessionOn(market, nextTradingDay(market, date));
}
