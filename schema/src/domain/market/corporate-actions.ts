import { divideRounded } from '../money/rounding.ts';
import type { CorporateAction } from './adjustment.ts';
import { tradingDateKey } from './candles.ts';
import type { LocalDate } from './calendar-dates.ts';
import { isTradingDay, nextTradingDay } from './holidays.ts';
import type { Instrument } from './instruments.ts';

/** Stock splits the simulator replays on their real ex-dates: [symbol, ex-date, new shares per old]. */
const SPLITS: ReadonlyArray<readonly [string, LocalDate, number]> = [
  ['NVDA', '2021-07-20', 4],
  ['NVDA', '2024-06-10', 10],
  ['AVGO', '2024-07-15', 10],
  ['WMT', '2024-02-26', 3],
  ['GOOGL', '2022-07-18', 20],
  ['AMZN', '2022-06-06', 20],
  ['TSLA', '2022-08-25', 3],
  ['7203', '2021-09-29', 5],
  ['9432', '2023-06-28', 25],
  ['6758', '2024-09-27', 5],
  ['8035', '2024-03-28', 3],
];

export interface ScheduledAction {
  readonly date: LocalDate;
  /** Shares added per existing share, as a ratio (a 4-for-1 split adds 3/1). */
  readonly bonusNumerator: bigint;
  readonly bonusDenominator: bigint;
  /** Dividend yield share paid on this date, in basis points of the previous close (0 for a pure split). */
  readonly dividendBp: number;
}

function onOrAfter(market: Instrument['market'], date: LocalDate): LocalDate {
  return isTradingDay(market, date) ? date : nextTradingDay(market, date);
}

/** Dividend ex-dates: US quarterly (Feb/May/Aug/Nov), Japan semiannual (late Mar/Sep), China yearly (late June). */
function dividendDates(instrument: Instrument, year: number): LocalDate[] {
  if (instrument.market === 'US') {
    return ['02-10', '05-10', '08-10', '11-10'].map((md) => onOrAfter('US', `${year}-${md}`));
  }
  if (instrument.market === 'JP') {
    return ['03-27', '09-26'].map((md) => onOrAfter('JP', `${year}-${md}`));
  }
  return [onOrAfter('CN', `${year}-06-20`)];
}

/** The corporate actions of an instrument with ex-dates in [from, to]. Pure and deterministic. */
export function scheduledActions(
  instrument: Instrument,
  from: LocalDate,
  to: LocalDate,
): ScheduledAction[] {
  const actions: ScheduledAction[] = [];
  for (const [symbol, date, ratio] of SPLITS) {
    if (symbol === instrument.symbol && date >= from && date <= to) {
      actions.push({
        date,
        bonusNumerator: BigInt(ratio - 1),
        bonusDenominator: 1n,
        dividendBp: 0,
      });
    }
  }
  if (instrument.dividendYieldBp > 0 && instrument.kind === 'stock') {
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
      const dates = dividendDates(instrument, year);
      for (const date of dates) {
        if (date >= from && date <= to) {
          actions.push({
            date,
            bonusNumerator: 0n,
            bonusDenominator: 1n,
            dividendBp: instrument.dividendYieldBp / dates.length,
          });
        }
      }
    }
  }
  return actions.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Fixes the cash amount from the previous close: yield share of the close, rounded down to the price scale. */
export function resolveAction(
  action: ScheduledAction,
  prevClose: bigint,
): CorporateAction & { prevClose: bigint } {
  return {
    exDateMs: tradingDateKey(action.date),
    cashDividend: divideRounded(
      prevClose * BigInt(Math.round(action.dividendBp * 100)),
      1_000_000n,
      'down',
    ),
    bonusNumerator: action.bonusNumerator,
    bonusDenominator: action.bonusDenominator,
    prevClose,
  };
}
