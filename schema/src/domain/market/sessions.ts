import { localClock, localToUtcMs, type LocalDate } from './calendar-dates.ts';
import { isEarlyClose, isTradingDay } from './holidays.ts';
import { MARKET_RULES, type Market } from './rules.ts';

/**
 * Trading phases per exchange in its own time zone (MARKET-RULES.md §1). Orders fill and the
 * simulator prints only in `continuous`; auctions accept orders but do not print until the uncross.
 */
export type SessionPhase =
  | 'closed'
  | 'pre_open'
  | 'opening_auction'
  | 'continuous'
  | 'lunch'
  | 'closing_auction'
  | 'after_hours';

export type ClockMode = 'exchange' | 'always-open';

interface PhaseWindow {
  readonly from: number;
  readonly to: number;
  readonly phase: SessionPhase;
}

const hm = (text: string): number => {
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const w = (from: string, to: string, phase: SessionPhase): PhaseWindow => ({
  from: hm(from),
  to: hm(to),
  phase,
});

/** TSE moved its close from 15:00 to 15:30 (with a closing auction 15:25–15:30) on 2024-11-05. */
const TSE_CLOSE_CHANGE: LocalDate = '2024-11-05';

function windowsFor(market: Market, date: LocalDate): PhaseWindow[] {
  if (market === 'US') {
    const close = isEarlyClose('US', date) ? '13:00' : '16:00';
    return [
      w('04:00', '09:30', 'pre_open'),
      w('09:30', close, 'continuous'),
      w(close, '20:00', 'after_hours'),
    ];
  }
  if (market === 'JP') {
    const afternoon =
      date >= TSE_CLOSE_CHANGE
        ? [w('12:30', '15:25', 'continuous'), w('15:25', '15:30', 'closing_auction')]
        : [w('12:30', '15:00', 'continuous')];
    return [
      w('08:00', '09:00', 'pre_open'),
      w('09:00', '11:30', 'continuous'),
      w('11:30', '12:30', 'lunch'),
      ...afternoon,
    ];
  }
  return [
    w('09:15', '09:25', 'opening_auction'),
    w('09:25', '09:30', 'pre_open'),
    w('09:30', '11:30', 'continuous'),
    w('11:30', '13:00', 'lunch'),
    w('13:00', '14:57', 'continuous'),
    w('14:57', '15:00', 'closing_auction'),
  ];
}

export interface MarketClock {
  readonly phase: SessionPhase;
  /** The exchange-local date the instant belongs to. */
  readonly date: LocalDate;
  readonly tradingDay: boolean;
}

/** The phase of a market at an instant. `always-open` keeps every market continuous (demos, tests). */
export function marketClock(market: Market, nowMs: number, mode: ClockMode): MarketClock {
  const { date, minuteOfDay } = localClock(nowMs, MARKET_RULES[market].timeZone);
  if (mode === 'always-open') return { phase: 'continuous', date, tradingDay: true };
  if (!isTradingDay(market, date)) return { phase: 'closed', date, tradingDay: false };
  const window = windowsFor(market, date).find((p) => minuteOfDay >= p.from && minuteOfDay < p.to);
  return { phase: window?.phase ?? 'closed', date, tradingDay: true };
}

/** The continuous-trading windows of a trading day as UTC instants [start, end). */
export function continuousWindows(
  market: Market,
  date: LocalDate,
): Array<{ startMs: number; endMs: number }> {
  const zone = MARKET_RULES[market].timeZone;
  return windowsFor(market, date)
    .filter((p) => p.phase === 'continuous')
    .map((p) => ({
      startMs: localToUtcMs(date, p.from, zone),
      endMs: localToUtcMs(date, p.to, zone),
    }));
}

/** Trading minutes of a day, closing auction included (US 390, JP 330 since Nov 2024, CN 240). */
export function sessionMinutes(market: Market, date: LocalDate): number {
  return windowsFor(market, date)
    .filter((p) => p.phase === 'continuous' || p.phase === 'closing_auction')
    .reduce((sum, p) => sum + p.to - p.from, 0);
}

/** The UTC instant the day's session ends (after any closing auction), when the close prints. */
export function sessionCloseMs(market: Market, date: LocalDate): number {
  const windows = windowsFor(market, date).filter(
    (p) => p.phase === 'continuous' || p.phase === 'closing_auction',
  );
  const last = windows[windows.length - 1];
  if (!last) throw new Error('market has no session');
  return localToUtcMs(date, last.to, MARKET_RULES[market].timeZone);
}

/** How far through the day's trading minutes an instant is (0 at the open, 1 at the close). */
export function sessionFraction(market: Market, nowMs: number): number {
  const { date, minuteOfDay } = localClock(nowMs, MARKET_RULES[market].timeZone);
  const trading = windowsFor(market, date).filter(
    (p) => p.phase === 'continuous' || p.phase === 'closing_auction',
  );
  const total = trading.reduce((sum, p) => sum + p.to - p.from, 0);
  const elapsed = trading.reduce(
    (sum, p) => sum + Math.max(0, Math.min(minuteOfDay, p.to) - p.from),
    0,
  );
  return total === 0 ? 0 : elapsed / total;
}
