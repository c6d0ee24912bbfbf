import { exRightsPrice, type CorporateAction } from './adjustment.ts';
import { addPrint, tradingDateKey, type Candle } from './candles.ts';
import type { LocalDate } from './calendar-dates.ts';
import { resolveAction, scheduledActions } from './corporate-actions.ts';
import type { Instrument } from './instruments.ts';
import { notionalMinor } from './prices.ts';
import { roundToTick } from './tick-size.ts';
import { continuousWindows, sessionMinutes } from './sessions.ts';
import { createSymbolState, openDay, stepSymbol, type SymbolSimState } from './simulator.ts';

/**
 * Generated history for an instrument over past trading days: one daily bar per day (from coarse
 * intraday steps), 1-minute bars for the last `minuteDays` days, and the corporate actions met on
 * the way. The start level is solved so the last close lands near the instrument's reference price.
 */
export interface GeneratedHistory {
  readonly daily: Candle[];
  readonly minutes: Candle[];
  readonly actions: Array<CorporateAction & { prevClose: bigint }>;
  /** The simulator, positioned after the last day, for the live feed to continue from. */
  readonly state: SymbolSimState;
}

const COARSE_STEPS = 8;

function turnoverOf(instrument: Instrument, price: bigint, volume: bigint): bigint {
  return notionalMinor(instrument.market, price, volume, 'down');
}

/** `untilMs` ends the day early: only the minutes wholly before it print (today's session so far). */
function simulateDay(
  state: SymbolSimState,
  day: LocalDate,
  withMinutes: boolean,
  minutes: Candle[],
  untilMs = Infinity,
): Candle {
  const instrument = state.instrument;
  const dayKey = tradingDateKey(day);
  let bar: Candle | undefined = addPrint(undefined, dayKey, state.price, 0n, 0n);
  const total = sessionMinutes(instrument.market, day);
  if (!withMinutes) {
    for (let i = 1; i <= COARSE_STEPS; i += 1) {
      const print = stepSymbol(state, total / COARSE_STEPS, i / COARSE_STEPS, total);
      bar = addPrint(
        bar,
        dayKey,
        print.price,
        print.volume,
        turnoverOf(instrument, print.price, print.volume),
      );
    }
    return bar as Candle;
  }
  let elapsed = 0;
  for (const window of continuousWindows(instrument.market, day)) {
    for (let t = window.startMs; t < window.endMs && t + 60_000 <= untilMs; t += 60_000) {
      elapsed += 1;
      const print = stepSymbol(state, 1, elapsed / total, total);
      const turnover = turnoverOf(instrument, print.price, print.volume);
      const opening =
        elapsed === 1 ? addPrint(undefined, t, (bar as Candle).open, 0n, 0n) : undefined;
      minutes.push(addPrint(opening, t, print.price, print.volume, turnover));
      bar = addPrint(bar, dayKey, print.price, print.volume, turnover);
    }
  }
  return bar as Candle;
}

/**
 * Continues a simulator over further trading days from the previous close, applying the
 * corporate actions scheduled on them. Used for the first history and to fill a gap after downtime.
 */
export function extendHistory(
  state: SymbolSimState,
  days: readonly LocalDate[],
  minuteDays: number,
  previousClose: bigint,
  options: { actionsOnFirstDay: boolean; untilMs?: number } = { actionsOnFirstDay: true },
): Omit<GeneratedHistory, 'state'> {
  const instrument = state.instrument;
  const planned =
    days.length > 0
      ? scheduledActions(instrument, days[0] as LocalDate, days[days.length - 1] as LocalDate)
      : [];
  const daily: Candle[] = [];
  const minutes: Candle[] = [];
  const actions: GeneratedHistory['actions'] = [];
  let prevClose = previousClose;
  days.forEach((day, index) => {
    let base = prevClose;
    for (const plan of planned.filter(
      (p) => p.date === day && (index > 0 || options.actionsOnFirstDay),
    )) {
      const action = resolveAction(plan, base);
      actions.push(action);
      base = exRightsPrice(base, action);
    }
    openDay(state, base);
    const bar = simulateDay(
      state,
      day,
      index >= days.length - minuteDays,
      minutes,
      options.untilMs,
    );
    daily.push(bar);
    prevClose = bar.close;
  });
  return { daily, minutes, actions };
}

function run(
  instrument: Instrument,
  seed: number,
  days: readonly LocalDate[],
  minuteDays: number,
  start: bigint,
): GeneratedHistory {
  const state = createSymbolState(instrument, seed, start);
  return { ...extendHistory(state, days, minuteDays, start, { actionsOnFirstDay: false }), state };
}

export function generateHistory(
  instrument: Instrument,
  seed: number,
  days: readonly LocalDate[],
  minuteDays: number,
): GeneratedHistory {
  const trial = run(instrument, seed, days, 0, instrument.referencePrice);
  const last = trial.daily[trial.daily.length - 1];
  if (!last) return trial;
  const ratio = Number(instrument.referencePrice) / Number(last.close);
  const start = roundToTick(
    instrument.tickTable,
    BigInt(Math.max(1, Math.round(Number(instrument.referencePrice) * ratio))),
    'nearest',
  );
  return run(instrument, seed, days, minuteDays, start);
}
