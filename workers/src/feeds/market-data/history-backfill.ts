import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  insertCorporateActions,
  loadRecentDailyBars,
  upsertCandles,
  type Db,
  type StoredBar,
} from '@kabuto/schema/db';
import {
  addDays,
  continuousWindows,
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
  type GeneratedHistory,
  type Instrument,
  type LocalDate,
  type SymbolSimState,
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
function historyEnd(
  instrument: Instrument,
  nowMs: number,
  clock: ClockMode,
): { today: LocalDate; end: LocalDate } {
  const today = marketClock(instrument.market, nowMs, clock).date;
  const closedToday =
    clock === 'exchange' &&
    isTradingDay(instrument.market, today) &&
    nowMs >= sessionCloseMs(instrument.market, today);
  return { today, end: closedToday ? today : previousTradingDay(instrument.market, today) };
}

/**
 * Today's session so far, when the feed starts after today's open and history ends before today:
 * minute bars from the open to the last whole minute, so the intraday chart starts at the open and
 * not at the feed's start. Null before the open, on a holiday, once the day is in history, and on
 * the always-open demo clock (its sessions never close, so there is no open to start from; a
 * start late in the day would otherwise simulate hours of minutes for every symbol first).
 */
function sessionSoFar(
  instrument: Instrument,
  state: SymbolSimState,
  previousClose: bigint,
  day: { today: LocalDate; end: LocalDate; clock: ClockMode },
  nowMs: number,
) {
  if (day.clock !== 'exchange') return null;
  if (day.end >= day.today || !isTradingDay(instrument.market, day.today)) return null;
  const open = continuousWindows(instrument.market, day.today)[0];
  if (!open || nowMs < open.startMs + 60_000) return null;
  return extendHistory(state, [day.today], 1, previousClose, {
    actionsOnFirstDay: true,
    untilMs: nowMs,
  });
}

function barsOf(symbol: string, daily: readonly Candle[], minutes: readonly Candle[]): StoredBar[] {
  return [
    ...daily.map((bar) => ({ symbol, period: '1d' as const, bar })),
    ...minutes.map((bar) => ({ symbol, period: '1m' as const, bar })),
  ];
}

/** Today's base price after a restart mid-day: yesterday's close, ex-rights when an action falls today. */
function baseFor(instrument: Instrument, date: LocalDate, previousClose: bigint): bigint {
  return scheduledActions(instrument, date, date).reduce(
    (base, plan) => exRightsPrice(base, resolveAction(plan, base)),
    previousClose,
  );
}

type Generated = Omit<GeneratedHistory, 'state'>;

async function store(
  db: Db,
  symbol: string,
  parts: ReadonlyArray<Generated | null>,
): Promise<Candle[]> {
  const present = parts.filter((part): part is Generated => part !== null);
  const daily = present.flatMap((part) => part.daily);
  await upsertCandles(
    db,
    barsOf(
      symbol,
      daily,
      present.flatMap((part) => part.minutes),
    ),
  );
  await insertCorporateActions(
    db,
    present.flatMap((part) => part.actions).map((a) => ({ ...a, symbol })),
  );
  return daily;
}

async function prepareSymbol(
  db: Db,
  instrument: Instrument,
  recent: readonly Candle[],
  options: HistoryOptions,
): Promise<ResumePoint> {
  const day = { ...historyEnd(instrument, options.nowMs, options.clock), clock: options.clock };
  const { today, end } = day;
  const last = recent[recent.length - 1];
  if (!last) {
    const days = tradingDaysBetween(instrument.market, addDays(end, -options.historyDays), end);
    const history = generateHistory(instrument, options.seed, days, options.minuteDays);
    const close = history.daily[history.daily.length - 1]?.close ?? instrument.referencePrice;
    return resumePointOf(
      instrument,
      await store(db, instrument.symbol, [
        history,
        sessionSoFar(instrument, history.state, close, day, options.nowMs),
      ]),
    );
  }
  const lastDate = tradingDateOf(last.startMs);
  if (lastDate >= today) return resumePointOf(instrument, recent);
  const gap = tradingDaysBetween(instrument.market, addDays(lastDate, 1), end);
  const state = createSymbolState(instrument, options.seed, last.close, `gap:${lastDate}`);
  const filled = extendHistory(state, gap, Math.min(options.minuteDays, gap.length), last.close);
  const close = filled.daily[filled.daily.length - 1]?.close ?? last.close;
  const sofar = sessionSoFar(instrument, state, close, day, options.nowMs);
  if (gap.length === 0 && !sofar) return resumePointOf(instrument, recent);
  return resumePointOf(instrument, [
    ...recent,
    ...(await store(db, instrument.symbol, [filled, sofar])),
  ]);
}

/**
 * The latest session bar and its base (the close before it, ex-rights when an action fell that
 * day). With no bar before it the base is `firstBase` (a new share's offer price on its listing
 * day), else that session's open.
 */
export function resumePointOf(
  instrument: Instrument,
  daily: readonly Candle[],
  firstBase?: bigint,
): ResumePoint {
  const last = daily[daily.length - 1];
  if (!last) return { session: null };
  const date = tradingDateOf(last.startMs);
  const before = daily[daily.length - 2]?.close ?? firstBase ?? last.open;
  return { session: { date, bar: last, base: baseFor(instrument, date, before) } };
}

/** How far back the stored daily bars a restart resumes from are read. */
function resumeWindowStart(nowMs: number): number {
  return tradingDateKey(addDays(new Date(nowMs).toISOString().slice(0, 10), -40));
}

/**
 * The stored daily bars of listed new shares, by symbol, for the listed feed to resume each
 * from where it was (`resumePointOf`). No history is generated for them: a new share had no
 * prices before its listing, so one without stored bars starts from its offer price.
 */
export function loadListedDailyBars(db: Db, nowMs: number): Promise<Map<string, Candle[]>> {
  return loadRecentDailyBars(db, resumeWindowStart(nowMs), { newSharesOnly: true });
}

/**
 * Makes sure every instrument has history up to the last finished session: generated on first
 * start, gap-filled after downtime, resumed after a restart mid-day. Yields to the event loop
 * between symbols so the leader keeps renewing its lease.
 */
export async function prepareHistory(
  db: Db,
  options: HistoryOptions,
): Promise<Map<string, ResumePoint>> {
  const started = performance.now();
  const recent = await loadRecentDailyBars(db, resumeWindowStart(options.nowMs));
  const resume = new Map<string, ResumePoint>();
  let generated = 0;
  for (const instrument of options.instruments) {
    const bars = recent.get(instrument.symbol) ?? [];
    if (bars.length === 0) generated += 1;
    resume.set(instrument.symbol, await prepareSymbol(db, instrument, bars, options));
    await yieldToLoop();
  }
  options.logger.info(
    { symbols: options.instruments.length, generated, ms: Math.round(performance.now() - started) },
    'market history ready',
  );
  return resume;
}
