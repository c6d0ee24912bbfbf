import holidayJp from '@holiday-jp/holiday_jp';
import chineseDays from 'chinese-days';
import {
  addDays,
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

/** Closures announced ad hoc, outside the rules. */
const AD_HOC_CLOSURES: Readonly<Record<'US' | 'JP' | 'CN', readonly LocalDate[]>> = {
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
 * `chinese-days` holds the State Council arrangement through 2026. Later years fall back to
 * New Year's Day only, until the package (or an override list here) carries the new notice.
 */
function isSseClosed(date: LocalDate): boolean {
  if (Number(date.slice(0, 4)) > 2026) return date.endsWith('-01-01');
  return chineseDays.isHoliday(date);
}

export function isTradingDay(market: 'US' | 'JP' | 'CN', date: LocalDate): boolean {
  if (isWeekend(date) || AD_HOC_CLOSURES[market].includes(date)) return false;
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
