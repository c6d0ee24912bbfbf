/**
 * Interest dates are Tokyo calendar days (Asia/Tokyo, UTC+9, no daylight saving): the job for a
 * date accrues one day's interest on every loan disbursed before that day ended.
 */
const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Tokyo calendar date of an instant, `YYYY-MM-DD`. */
export function tokyoDateOf(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant after a Tokyo calendar date (its next midnight, JST), epoch ms. */
export function endOfTokyoDateMs(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) - JST_OFFSET_MS;
}

/** Whether a text is a real `YYYY-MM-DD` date. */
export function isTokyoDate(date: string): boolean {
  return DATE.test(date) && tokyoDateOf(endOfTokyoDateMs(date) - 1) === date;
}

/** The `count` Tokyo dates that ended last before `nowMs`, oldest first (yesterday last). */
export function endedTokyoDates(nowMs: number, count: number): string[] {
  const dates: string[] = [];
  for (let back = count; back >= 1; back--) dates.push(tokyoDateOf(nowMs - back * DAY_MS));
  return dates;
}

/** The Tokyo date `days` after `date`. */
export function addTokyoDays(date: string, days: number): string {
  return tokyoDateOf(endOfTokyoDateMs(date) - 1 + days * DAY_MS);
}
