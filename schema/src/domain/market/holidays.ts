import holidayJp from '@holiday-jp/holiday_jp';
import chineseDays from 'chinese-days';
import {
  addDays,
  dateToUtcMs,
  easterSunday,
  isWeekend,
  nthWeekday,
  weekdayOf,
  type LocalDate,
} from './calendar-dates.ts';

/**
 * Exchange closures (MARKET-RULES.md §1). Exchange calendars are not public-holiday calendars:
 * NYSE keeps Columbus and Veterans Day open; TSE closes Dec 31–Jan 3; SSE/SZSE never trade on
 * weekends, make-up workdays included.
 */

type Market = 'US' | 'JP' | 'CN';

/**
 * The closures staff entered in the console (issue 21), installed into every process that asks
 * whether a market trades (gateways and workers reload them when staff change them). A year staff
 * entered for a market is a known year of its calendar: for China after 2026 only the entered
 * closures (and weekends) close the exchange.
 */
export interface OperatorCalendar {
  readonly closures: ReadonlyArray<{ readonly market: Market; readonly date: LocalDate }>;
  readonly enteredYears: ReadonlyArray<{ readonly market: Market; readonly year: number }>;
}

const operatorClosures: Record<Market, Set<LocalDate>> = {
  US: new Set(),
  JP: new Set(),
  CN: new Set(),
};
const enteredYears: Record<Market, Set<number>> = { US: new Set(), JP: new Set(), CN: new Set() };

export function installOperatorCalendar(calendar: OperatorCalendar): void {
  for (const market of ['US', 'JP', 'CN'] as const) {
    operatorClosures[market].clear();
    enteredYears[market].clear();
  }
  for (const { market, date } of calendar.closures) operatorClosures[market].add(date);
  for (const { market, year } of calendar.enteredYears) enteredYears[market].add(year);
}

/** The last year each package's calendar holds (null: NYSE closes by rule, every year). */
const HOLIDAY_JP_LAST_YEAR = Number(Object.keys(holidayJp.holidays).sort().at(-1)?.slice(0, 4));
const CHINESE_DAYS_LAST_YEAR = 2026;
const PACKAGE_LAST_YEAR: Record<Market, number | null> = {
  US: null,
  JP: HOLIDAY_JP_LAST_YEAR,
  CN: CHINESE_DAYS_LAST_YEAR,
};

/** Whether a year of a market lies past its package: an entry for it is its whole calendar. */
export function beyondPackage(market: Market, year: number): boolean {
  const last = PACKAGE_LAST_YEAR[market];
  return last !== null && year > last;
}

/**
 * The fewest weekday closures a whole SSE year has had (New Year, Spring Festival, Qingming,
 * Labour Day, Dragon Boat, Mid-Autumn, National Day: well over eight every year): a year entered
 * with fewer is a mistake that would open the exchange on its holidays.
 */
export const SSE_MIN_WEEKDAY_CLOSURES = 8;

/**
 * The last day of a market's known calendar: its package's last year, carried on by each following
 * year staff entered. Null for NYSE, whose closures follow rules (staff still add ad hoc ones).
 */
export function calendarKnownUntil(market: Market): LocalDate | null {
  const packageLast = PACKAGE_LAST_YEAR[market];
  if (packageLast === null) return null;
  let last = packageLast;
  while (enteredYears[market].has(last + 1)) last += 1;
  return `${last}-12-31`;
}

/** Days before a known calendar ends that the console and the log start warning (issue 21). */
export const CALENDAR_WARNING_DAYS = 60;

export interface CalendarWarning {
  readonly market: Market;
  readonly knownUntil: LocalDate;
  readonly daysLeft: number;
}

/** Days from `today` to the end of a market's known calendar (null: NYSE, by rule). */
export function calendarDaysLeft(market: Market, today: LocalDate): number | null {
  const knownUntil = calendarKnownUntil(market);
  if (knownUntil === null) return null;
  return Math.round((dateToUtcMs(knownUntil) - dateToUtcMs(today)) / 86_400_000);
}

/** The markets whose known calendar ends within `CALENDAR_WARNING_DAYS` of `today`. */
export function calendarWarnings(today: LocalDate): CalendarWarning[] {
  return (['US', 'JP', 'CN'] as const).flatMap((market) => {
    const knownUntil = calendarKnownUntil(market);
    const daysLeft = calendarDaysLeft(market, today);
    if (knownUntil === null || daysLeft === null || daysLeft > CALENDAR_WARNING_DAYS) return [];
    return [{ market, knownUntil, daysLeft }];
  });
}

/** Closures announced ad hoc, outside the rules. */
const AD_HOC_CLOSURES: Readonly<Record<Market, readonly LocalDate[]>> = {
  US: ['2025-01-09'],
  JP: ['2020-10-01'],
  CN: [],
};

/** NYSE: a Saturday holiday closes the Friday before (not for New Year), a Sunday one the Monday after. */
function observed(date: LocalDate, isNewYear = false): LocalDate | null {
  const day = weekdayOf(date);
  if (day === 6) return isNewYear ? null : addDays(date, -1);
  if (day === 0) return addDays(date, 1);
  return date;
}

export function nyseHolidays(year: number): Set<LocalDate> {
  const fixed = (month: number, day: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const dates: Array<LocalDate | null> = [
    observed(fixed(1, 1), true),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    addDays(easterSunday(year), -2),
    nthWeekday(year, 5, 1, -1),
    year >= 2022 ? observed(fixed(6, 19)) : null,
    observed(fixed(7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(fixed(12, 25)),
  ];
  return new Set(dates.filter((d): d is LocalDate => d !== null));
}

/** NYSE 13:00 early closes: July 3 (Mon, Tue, Thu; Wed too since 2013), the day after Thanksgiving, Christmas Eve Mon–Thu. */
export function nyseEarlyCloses(year: number): Set<LocalDate> {
  const result = new Set<LocalDate>();
  const july3 = `${year}-07-03`;
  const j3 = weekdayOf(july3);
  if (j3 === 1 || j3 === 2 || j3 === 4 || (j3 === 3 && year >= 2013)) result.add(july3);
  result.add(addDays(nthWeekday(year, 11, 4, 4), 1));
  const eve = `${year}-12-24`;
  const e = weekdayOf(eve);
  if (e >= 1 && e <= 4) result.add(eve);
  return result;
}

const nyseCache = new Map<number, Set<LocalDate>>();

function isNyseClosed(date: LocalDate): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = nyseCache.get(year);
  if (!holidays) nyseCache.set(year, (holidays = nyseHolidays(year)));
  return holidays.has(date);
}

function isTseClosed(date: LocalDate): boolean {
  const monthDay = date.slice(5);
  if (
    monthDay === '12-31' ||
    monthDay === '01-01' ||
    monthDay === '01-02' ||
    monthDay === '01-03'
  ) {
    return true;
  }
  return Object.hasOwn(holidayJp.holidays, date);
}

/**
 * `chinese-days` holds the State Council arrangement through 2026. A later year staff entered
 * closes on its entered closures only; one not entered falls back to New Year's Day (and the
 * console warns 60 days before the known calendar ends).
 */
function isSseClosed(date: LocalDate): boolean {
  const year = Number(date.slice(0, 4));
  if (year <= CHINESE_DAYS_LAST_YEAR) return chineseDays.isHoliday(date);
  return !enteredYears.CN.has(year) && date.endsWith('-01-01');
}

export function isTradingDay(market: Market, date: LocalDate): boolean {
  if (isWeekend(date) || AD_HOC_CLOSURES[market].includes(date)) return false;
  if (operatorClosures[market].has(date)) return false;
  if (market === 'US') return !isNyseClosed(date);
  if (market === 'JP') return !isTseClosed(date);
  return !isSseClosed(date);
}

export function isEarlyClose(market: 'US' | 'JP' | 'CN', date: LocalDate): boolean {
  return market === 'US' && nyseEarlyCloses(Number(date.slice(0, 4))).has(date);
}

export function previousTradingDay(market: 'US' | 'JP' | 'CN', date: LocalDate): LocalDate {
  let day = addDays(date, -1);
  while (!isTradingDay(market, day)) day = addDays(day, -1);
  return day;
}

export function nextTradingDay(market: 'US' | 'JP' | 'CN', date: LocalDate): LocalDate {
  let day = addDays(date, 1);
  while (!isTradingDay(market, day)) day = addDays(day, 1);
  return day;
}

/** Trading days from `from` to `to`, both inclusive. */
export function tradingDaysBetween(
  market: 'US' | 'JP' | 'CN',
  from: LocalDate,
  to: LocalDate,
): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isTradingDay(market, day)) days.push(day);
  }
  return days;
}
