import {
  DEFAULT_CHART_RANGE,
  type CandleRow,
  type ChartPeriod,
  type ChartRange,
} from '@kabuto/schema/contracts';
import {
  latestCandleStart,
  loadCandles,
  loadCorporateActions,
  loadLatestCandles,
  type Db,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import {
  adjustCandles,
  basePeriodOf,
  formatPrice,
  liveFactor,
  roundToDisplay,
  localClock,
  MARKET_RULES,
  rollUp,
  type Adjustment,
  type Candle,
  type ClockMode,
  type Instrument,
} from '@kabuto/schema/market';

const DAY_MS = 86_400_000;
const RANGE_DAYS: Readonly<Record<ChartRange, number>> = {
  '1w': 7,
  '1m': 31,
  '3m': 92,
  '6m': 183,
  all: 36_500,
};
const MAX_BARS = 1_500;
/** How far back the always-open time-share looks: two whole days and a session. */
const ALWAYS_OPEN_MINUTES = 2 * 1_440 + 400;

/**
 * The 1-minute bars around the latest stored minute before now: on a holiday, a weekend or before
 * the open, the time-share chart shows the last session, however long ago it was.
 */
async function lastSessionMinutes(
  db: Db,
  instrument: Instrument,
  at: { nowMs: number; clock: ClockMode },
): Promise<Candle[]> {
  // Always-open looks back over the latest minutes whatever their dates (see latestSession):
  // two whole days of a never-closing feed and a session before them.
  if (at.clock === 'always-open') {
    return loadLatestCandles(db, instrument.symbol, '1m', at.nowMs + DAY_MS, ALWAYS_OPEN_MINUTES);
  }
  const lastStart = await latestCandleStart(db, instrument.symbol, '1m', at.nowMs + DAY_MS);
  if (lastStart === null) return [];
  return loadCandles(db, instrument.symbol, '1m', lastStart - DAY_MS, lastStart + 1);
}

/**
 * The time-share chart: 1-minute bars of the latest trading day that has any. On the always-open
 * demo clock no session opens or closes (the feed starts today's minutes when it starts, with no
 * backfill from an open), so the chart starts at the latest day that has the most of the minutes
 * loaded and runs to now: a fresh start shows the last whole session before its few minutes, a
 * day-old demo shows today.
 */
function latestSession(
  bars: readonly Candle[],
  instrument: Instrument,
  clock: ClockMode,
): Candle[] {
  const zone = MARKET_RULES[instrument.market].timeZone;
  const days: Candle[][] = [];
  let lastDate = '';
  for (const bar of bars) {
    const date = localClock(bar.startMs, zone).date;
    if (date !== lastDate) days.push([]);
    days[days.length - 1]?.push(bar);
    lastDate = date;
  }
  if (clock !== 'always-open') return days[days.length - 1] ?? [];
  const most = Math.max(0, ...days.map((day) => day.length));
  const from = days.findLastIndex((day) => day.length === most);
  return days.slice(Math.max(0, from)).flat();
}

function toRow(instrument: Instrument, bar: Candle, adjusted: boolean): CandleRow {
  // Adjusted bars are derived values off the tick grid: shown at the market's display decimals.
  const price = (value: bigint) =>
    formatPrice(adjusted ? roundToDisplay(value, instrument.market) : value, instrument.market);
  return {
    t: bar.startMs,
    o: price(bar.open),
    h: price(bar.high),
    l: price(bar.low),
    c: price(bar.close),
    v: Number(bar.volume),
    a: formatScaled(bar.turnover, scaleOf(instrument.currency)),
  };
}

/**
 * Candles for a chart: stored 1m or 1d bars in the range, adjusted for corporate actions, rolled up
 * to the period. Adjustment runs on the stored bars, before the roll-up, so weeks that span an
 * ex-date are consistent.
 */
export async function chartCandles(
  db: Db,
  instrument: Instrument,
  request: { period: ChartPeriod; range?: ChartRange | undefined; adjust: Adjustment },
  at: { nowMs: number; clock: ClockMode },
): Promise<{
  period: ChartPeriod;
  range: ChartRange;
  adjust: Adjustment;
  live_factor: string;
  candles: CandleRow[];
}> {
  const range = request.range ?? DEFAULT_CHART_RANGE[request.period];
  const stored =
    request.period === 'time'
      ? await lastSessionMinutes(db, instrument, at)
      : await loadCandles(
          db,
          instrument.symbol,
          basePeriodOf(request.period),
          at.nowMs - RANGE_DAYS[range] * DAY_MS,
          at.nowMs + DAY_MS,
        );
  const actions =
    request.adjust === 'none' ? [] : await loadCorporateActions(db, instrument.symbol);
  const adjustedBars = adjustCandles(stored, actions, request.adjust);
  const bars =
    request.period === 'time'
      ? latestSession(adjustedBars, instrument, at.clock)
      : rollUp(adjustedBars, request.period);
  const factor = liveFactor(actions, request.adjust);
  const adjusted = request.adjust !== 'none' && actions.length > 0;
  return {
    period: request.period,
    range,
    adjust: request.adjust,
    // Live ticks are raw prices; the client multiplies them by this to extend adjusted bars.
    live_factor: (Number(factor.num) / Number(factor.den)).toFixed(6),
    candles: bars.slice(-MAX_BARS).map((bar) => toRow(instrument, bar, adjusted)),
  };
}
