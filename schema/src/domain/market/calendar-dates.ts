/** Exchange-local calendar dates as 'YYYY-MM-DD' strings; arithmetic through UTC midnights. */
export type LocalDate = string;

export function dateToUtcMs(date: LocalDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function utcMsToDate(ms: number): LocalDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return utcMsToDate(dateToUtcMs(date) + days * 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
}

export function isWeekend(date: LocalDate): boolean {
  const day = weekdayOf(date);
  return day === 0 || day === 6;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const lastMinuteSeen = new Map<
  string,
  { minute: number; clock: { date: LocalDate; minuteOfDay: number } }
>();

/** The exchange-local date and minute of day at an instant (the last minute asked is memoised per zone). */
export function localClock(ms: number, timeZone: string): { date: LocalDate; minuteOfDay: number } {
  const minute = Math.floor(ms / 60_000);
  const seen = lastMinuteSeen.get(timeZone);
  if (seen?.minute === minute) return seen.clock;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    parts[part.type] = part.value;
  }
  const clock = Object.freeze({
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  });
  lastMinuteSeen.set(timeZone, { minute, clock });
  return clock;
}

/** The UTC instant of a local wall-clock time (zones here change offset only at 02:00–03:00). */
export function localToUtcMs(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const guess = dateToUtcMs(date) + minuteOfDay * 60_000;
  const seen = localClock(guess, timeZone);
  const offsetMinutes =
    (dateToUtcMs(seen.date) - dateToUtcMs(date)) / 60_000 + seen.minuteOfDay - minuteOfDay;
  const first = guess - offsetMinutes * 60_000;
  const check = localClock(first, timeZone);
  const drift =
    (dateToUtcMs(check.date) - dateToUtcMs(date)) / 60_000 + check.minuteOfDay - minuteOfDay;
  return first - drift * 60_000;
}

/** nth (1-based) weekday of a month, or the last when n = -1. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): LocalDate {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return utcMsToDate(Date.UTC(year, month - 1, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7));
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return utcMsToDate(lastDay.getTime() - back * 86_400_000);
}

/** Western Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcMsToDate(Date.UTC(year, month - 1, day));
}
