import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { insertCorporateActions, loadRecentDailyBars, upsertCandles, type Db, type StoredBar } from '@kabuto/schema/db';
import {
  addDays,
  createSymbolState,
  exRightsPrice,
  extendHistory,
  generateHistory,
  isTradingDay,
  marketClock,
  previousTradingDay,
  resolveAction,
  scheduledActions,
  sessionCloseMs,
  tradingDateKey,
  tradingDateOf,
  tradingDaysBetween,
  type Candle,
  type ClockMode,
  type Instrument,
  type LocalDate,
} from '@kabuto/schema/market';
import type { Logger } from '../../infra/logger.ts';
import type { ResumePoint } from './simulated-feed.ts';

export interface HistoryOptions {
  readonly instruments: readonly Instrument[];
  readonly seed: number;
  readonly clock: ClockMode;
  readonly nowMs: number;
  /** Calendar days of daily history on first start (five years and more by default). */
  readonly historyDays: number;
  /** Trading days that also get 1-minute bars. */
  readonly minuteDays: number;
  readonly logger: Logger;
}

/** The last day history should hold: today once its session has closed, else the trading day before. */
function historyEnd(instrument: Instrument, nowMs: number, clock: ClockMode): { today: LocalDate; end: LocalDate } {
  const today = marketClock(instrument.market, nowMs, clock).date;
  const closedToday = clock === 'exchange' && isTradingDay(instrument.market, today) && nowMs >= sessionCloseMs(instrument.market, today);
  return { today, end: closedToday ? today : previousTradingDay(instrument.market, today) };
}

function barsOf(symbol: string, daily: readonly Candle[], minutes: readonly Candle[]): StoredBar[] {
  return [
    ...daily.map((bar) => ({ symbol, period: '1d' as const, bar })),
    ...minutes.map((bar) => ({ symbol, period: '1m' as const, bar })),
  ];
}

/** Today's base price after a restart mid-day: yesterday's close, ex-rights when an action falls today. */
function baseFor(instrument: Instrument, date: LocalDate, previousClose: bigint): bigint {
  return scheduledActions(instrument, date, date).reduce((base, plan) => exRightsPrice(base, resolveAction(plan, base)), previousClose);
}

async function prepareSymbol(db: Db, instrument: Instrument, recent: readonly Candle[], options: HistoryOptions): Promise<ResumePoint> {
  const { today, end } = historyEnd(instrument, options.nowMs, options.clock);
  const symbol = instrument.symbol;
  const last = recent[recent.length - 1];
  if (!last) {
    const days = tradingDaysBetween(instrument.market, addDays(end, -options.historyDays), end);
    const history = generateHistory(instrument, options.seed, days, options.minuteDays);
    await upsertCandles(db, barsOf(symbol, history.daily, history.minutes));
    await insertCorporateActions(db, history.actions.map((a) => ({ ...a, symbol })));
    return sessionOf(instrument, history.daily);
  }
  const lastDate = tradingDateOf(last.startMs);
  const gap = lastDate >= today ? [] : tradingDaysBetween(instrument.market, addDays(lastDate, 1), end);
  if (gap.length === 0) return sessionOf(instrument, recent);
  const state = createSymbolState(instrument, options.seed, last.close, `gap:${lastDate}`);
  const filled = extendHistory(state, gap, Math.min(options.minuteDays, gap.length), last.close);
  await upsertCandles(db, barsOf(symbol, filled.daily, filled.minutes));
  await insertCorporateActions(db, filled.actions.map((a) => ({ ...a, symbol })));
  return sessionOf(instrument, [...recent, ...filled.daily]);
}

/** The latest session bar and its base (the close before it, ex-rights when an action fell that day). */
function sessionOf(instrument: Instrument, daily: readonly Candle[]): ResumePoint {
  const last = daily[daily.length - 1];
  if (!last) return { session: null };
  const date = tradingDateOf(last.startMs);
  const previous = daily[daily.length - 2];
  return { session: { date, bar: last, base: baseFor(instrument, date, previous?.close ?? last.open) } };
}

/**
 * Makes sure every instrument has history up to the last finished session: generated on first
 * start, gap-filled after downtime, resumed after a restart mid-day. Yields to the event loop
 * between symbols so the leader keeps renewing its lease.
 */
export async function prepareHistory(db: Db, options: HistoryOptions): Promise<Map<string, ResumePoint>> {
  const started = Date.now();
  const recent = await loadRecentDailyBars(db, tradingDateKey(addDays(new Date(options.nowMs).toISOString().slice(0, 10), -40)));
  const resume = new Map<string, ResumePoint>();
  let generated = 0;
  for (const instrument of options.instruments) {
    const bars = recent.get(instrument.symbol) ?? [];
    if (bars.length === 0) generated += 1;
    resume.set(instrument.symbol, await prepareSymbol(db, instrument, bars, options));
    await yieldToLoop();
  }
  options.logger.info({ symbols: options.instruments.length, generated, ms: Date.now() - started }, 'market history ready');
  return resume;
}
