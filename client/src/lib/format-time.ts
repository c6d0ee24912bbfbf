import { LOCALE_OF } from './i18n.ts';
import { storage } from './storage.ts';

/** A day and time to the minute: what every time on screen shows. */
const TO_THE_MINUTE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** A time in the reader's language (ja-JP, zh-CN, en-US), to the minute. */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], TO_THE_MINUTE);
}

/** A time to the millisecond, for a draw's freeze and beacon times (their order is exact). */
export function whenExact(ms: number | null | undefined): string {
  if (!ms) return '--';
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    ...TO_THE_MINUTE,
    second: '2-digit',
    fractionalSecondDigits: 3,
  });
}

/**
 * A calendar day (`2026-11-25`, a market's date, no time) in the reader's language, as
 * `formatWhen` writes the day: read as UTC so no time zone moves it to the day before.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '--';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(LOCALE_OF[storage.language()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
}
