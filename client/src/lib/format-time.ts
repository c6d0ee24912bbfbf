import { LOCALE_OF } from './i18n.ts';
import { storage } from './storage.ts';

/** A time in the reader's language (ja-JP, zh-CN, en-US), to the minute. */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A time to the millisecond, for a draw's freeze and beacon times (their order is exact). */
export function whenExact(ms: number | null | undefined): string {
  if (!ms) return '--';
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  });
}
