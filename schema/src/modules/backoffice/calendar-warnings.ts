import { localClock, type LocalDate } from '../../domain/market/calendar-dates.ts';
import { calendarWarnings } from '../../domain/market/holidays.ts';

/** Today in Tokyo, the house's own date. */
export const houseToday = (nowMs: number): LocalDate => localClock(nowMs, 'Asia/Tokyo').date;

/**
 * Logs, once a day, each market whose known calendar ends within 60 days (the console shows the
 * same warning): run after each calendar reload, in every process that has a log someone reads.
 */
export function calendarWarningLog(
  logger: { warn(fields: object, message: string): void },
  nowMs: () => number,
): () => void {
  let lastDay = '';
  return () => {
    const today = houseToday(nowMs());
    if (today === lastDay) return;
    lastDay = today;
    for (const warning of calendarWarnings(today)) {
      logger.warn(
        { market: warning.market, known_until: warning.knownUntil, days_left: warning.daysLeft },
        'exchange calendar ends soon: enter the next year’s closures in the console (Settings)',
      );
    }
  };
}
