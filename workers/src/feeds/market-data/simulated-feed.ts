import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import type { StoredAction, StoredBar } from '@kabuto/schema/db';
import {
  addPrint,
  changeRate,
  createSymbolState,
  exRightsPrice,
  formatPrice,
  marketClock,
  notionalMinor,
  openDay,
  resolveAction,
  scheduledActions,
  sessionFraction,
  sessionMinutes,
  stepSymbol,
  tradingDateKey,
  type Candle,
  type ClockMode,
  type Instrument,
  type SymbolSimState,
} from '@kabuto/schema/market';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import type { QuoteProvider } from './quote-provider.ts';

/**
 * Where a symbol resumes: its latest session's daily bar and base price. When that session is
 * today (a restart mid-day) prints continue the bar; otherwise the next print opens a new day.
 */
export interface ResumePoint {
  readonly session: { readonly date: string; readonly bar: Candle; readonly base: bigint } | null;
}

interface LiveSymbol {
  readonly instrument: Instrument;
  readonly state: SymbolSimState;
  date: string | null;
  base: bigint;
  dayBar: Candle | undefined;
  minuteBar: Candle | undefined;
  lastStepMs: number;
  seq: number;
}

export interface SimulatedFeed extends QuoteProvider {
  /** Bars changed since the last call (the candle writer persists them). */
  drainBars(): StoredBar[];
  /** Corporate actions that took effect since the last call. */
  drainActions(): StoredAction[];
  /** Each symbol's latest session as a snapshot, published once when the leader starts. */
  snapshotsAtStart(nowMs: number): QuoteSnapshot[];
}

/** Chance that a symbol prints in a beat, scaled by the intraday activity curve. */
const PRINT_CHANCE = 0.3;

/**
 * The live simulator: each beat, symbols whose market is in continuous trading may print; each
 * print advances the simulator by the elapsed time, folds into the 1-minute and daily bars and
 * yields a snapshot. A new trading day opens on the first print of that day, from the previous
 * close or the ex-rights price when a corporate action falls on it.
 */
export function createSimulatedFeed(options: {
  instruments: readonly Instrument[];
  seed: number;
  clock: ClockMode;
  source: string;
  resume: ReadonlyMap<string, ResumePoint>;
  startMs: number;
}): SimulatedFeed {
  const live: LiveSymbol[] = options.instruments.map((instrument) => {
    const resume = options.resume.get(instrument.symbol);
    const session = resume?.session ?? null;
    const lastClose = session?.bar.close ?? instrument.referencePrice;
    return {
      instrument,
      state: createSymbolState(instrument, options.seed, lastClose, `live:${options.startMs}`),
      date: session?.date ?? null,
      base: session?.base ?? lastClose,
      dayBar: session?.bar,
      minuteBar: undefined,
      lastStepMs: options.startMs,
      seq: 0,
    };
  });
  const context: FeedContext = {
    dirty: new Map(),
    actions: [],
    clock: options.clock,
    source: options.source,
  };
  return {
    source: options.source,
    next(nowMs) {
      const snapshots: QuoteSnapshot[] = [];
      for (const symbol of live) {
        const clock = marketClock(symbol.instrument.market, nowMs, options.clock);
        if (clock.phase !== 'continuous') continue;
        if (symbol.state.random() > PRINT_CHANCE) continue;
        snapshots.push(print(context, symbol, nowMs, clock.date));
      }
      return snapshots;
    },
    drainBars() {
      const bars = [...context.dirty.values()];
      context.dirty.clear();
      return bars;
    },
    snapshotsAtStart(nowMs) {
      return live
        .filter((symbol) => symbol.dayBar && symbol.date)
        .map((symbol) => {
          const phase = marketClock(symbol.instrument.market, nowMs, options.clock).phase;
          return { ...snapshotOf(symbol, nowMs, symbol.date as string, options.source), phase };
        });
    },
    drainActions() {
      return context.actions.splice(0, context.actions.length);
    },
  };
}

interface FeedContext {
  readonly dirty: Map<string, StoredBar>;
  readonly actions: StoredAction[];
  readonly clock: ClockMode;
  readonly source: string;
}

function openTradingDay(context: FeedContext, symbol: LiveSymbol, date: string): void {
  let base = symbol.state.price;
  for (const plan of scheduledActions(symbol.instrument, date, date)) {
    const action = resolveAction(plan, base);
    context.actions.push({ ...action, symbol: symbol.instrument.symbol });
    base = exRightsPrice(base, action);
  }
  openDay(symbol.state, base);
  symbol.date = date;
  symbol.base = base;
  symbol.dayBar = addPrint(undefined, tradingDateKey(date), symbol.state.price, 0n, 0n);
}

function print(
  context: FeedContext,
  symbol: LiveSymbol,
  nowMs: number,
  date: string,
): QuoteSnapshot {
  const { instrument, state } = symbol;
  if (symbol.date !== date) openTradingDay(context, symbol, date);
  const minutesPerDay = sessionMinutes(instrument.market, date) || 390;
  const x = context.clock === 'always-open' ? 0.5 : sessionFraction(instrument.market, nowMs);
  const elapsed = Math.max(1, nowMs - symbol.lastStepMs) / 60_000;
  const step = stepSymbol(state, Math.min(elapsed, 5), x, minutesPerDay);
  symbol.lastStepMs = nowMs;
  const turnover = notionalMinor(instrument.market, step.price, step.volume, 'down');
  const minuteStart = nowMs - (nowMs % 60_000);
  symbol.minuteBar = addPrint(symbol.minuteBar, minuteStart, step.price, step.volume, turnover);
  symbol.dayBar = addPrint(symbol.dayBar, tradingDateKey(date), step.price, step.volume, turnover);
  context.dirty.set(`${instrument.symbol}:1m`, {
    symbol: instrument.symbol,
    period: '1m',
    bar: symbol.minuteBar,
  });
  context.dirty.set(`${instrument.symbol}:1d`, {
    symbol: instrument.symbol,
    period: '1d',
    bar: symbol.dayBar,
  });
  symbol.seq += 1;
  return snapshotOf(symbol, nowMs, date, context.source);
}

function snapshotOf(
  symbol: LiveSymbol,
  nowMs: number,
  date: string,
  source: string,
): QuoteSnapshot {
  const { instrument, state } = symbol;
  const market = instrument.market;
  const bar = symbol.dayBar as Candle;
  const price = (value: bigint) => formatPrice(value, market);
  return {
    symbol: instrument.symbol,
    market,
    price: price(state.price),
    change_rate: changeRate(state.price, symbol.base),
    volume: Number(bar.volume),
    seq: symbol.seq,
    ts: nowMs,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    prev_close: price(symbol.base),
    turnover: formatScaled(bar.turnover, scaleOf(instrument.currency)),
    limit_up: state.limits ? price(state.limits.up) : null,
    limit_down: state.limits ? price(state.limits.down) : null,
    phase: 'continuous',
    date,
    source,
  };
}
