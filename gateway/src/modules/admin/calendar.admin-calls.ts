import { backofficeWiring } from '@kabuto/schema/modules/backoffice/wiring.ts';
import {
  closuresEntered,
  listEnteredYears,
  loadOperatorCalendar,
  replaceYear,
} from '@kabuto/schema/modules/backoffice/db/exchange-calendar.repository.ts';
import { Refusal, redisKeys } from '@kabuto/schema/contracts';
import { writeTransaction } from '@kabuto/schema/db';
import {
  CALENDAR_WARNING_DAYS,
  SSE_MIN_WEEKDAY_CLOSURES,
  beyondPackage,
  installOperatorCalendar,
  calendarDaysLeft,
  isWeekend,
  calendarKnownUntil,
  dateToUtcMs,
  utcMsToDate,
} from '@kabuto/schema/market';
import { houseToday } from '@kabuto/schema/modules/backoffice/calendar-warnings.ts';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { audit } from './admin-sessions.repository.ts';

const calls = backofficeWiring.adminCalls;

export const calendarListCall = defineAdminCall({
  ...contractOf(calls, 'calendar/list'),
  power: 'see',
  summary: 'Each market’s known calendar, a warning 60 days before it ends, and the years entered',
  async handle({ deps }) {
    const today = houseToday(deps.clock.nowMs());
    const markets = (['US', 'JP', 'CN'] as const).map((market) => {
      const daysLeft = calendarDaysLeft(market, today);
      return {
        market,
        known_until: calendarKnownUntil(market),
        days_left: daysLeft,
        warn: daysLeft !== null && daysLeft <= CALENDAR_WARNING_DAYS,
      };
    });
    const years = (await listEnteredYears(deps.db)).map((y) => ({
      market: y.market,
      year: y.year,
      source: y.source,
      entered_by: y.enteredBy,
      entered_at: y.enteredAt,
      closures: [...y.closures],
    }));
    return { msg: 'ok', data: { markets, years } };
  },
});

/** The dates of `text` (commas, spaces or new lines between), each a real day of `year`. */
function closuresOf(text: string, year: number): string[] {
  const dates = [...new Set(text.split(/[\s,、，]+/).filter(Boolean))].sort();
  const wrong = dates.find(
    (date) =>
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      !date.startsWith(`${year}-`) ||
      utcMsToDate(dateToUtcMs(date)) !== date,
  );
  if (wrong !== undefined || dates.length > 60) {
    throw new Refusal('invalid_param', { fields: { closures: wrong ?? 'at most 60' } });
  }
  return dates;
}

/** A whole Chinese year entered with fewer closures than any SSE year has had is a mistake. */
function refuseImplausibleYear(market: string, year: number, dates: readonly string[]): void {
  const weekdays = dates.filter((date) => !isWeekend(date));
  if (market === 'CN' && beyondPackage('CN', year) && weekdays.length < SSE_MIN_WEEKDAY_CLOSURES) {
    throw new Refusal('invalid_param', {
      fields: { closures: `at least ${SSE_MIN_WEEKDAY_CLOSURES} weekday closures` },
    });
  }
}

/**
 * Only days still to come may change: a closure today or before was the calendar the sessions,
 * settlements and schedules already ran on, so the entry must keep those days as they were.
 */
async function refusePastChanges(
  db: Parameters<typeof closuresEntered>[0],
  input: { market: string; year: number },
  dates: readonly string[],
  today: string,
): Promise<void> {
  const before = (await closuresEntered(db, input.market, input.year)).filter((d) => d <= today);
  const after = dates.filter((d) => d <= today);
  if (before.join() !== after.join()) {
    throw new Refusal('invalid_param', { fields: { closures: `only days after ${today}` } });
  }
}

export const calendarSetYearCall = defineAdminCall({
  ...contractOf(calls, 'calendar/set-year'),
  power: 'config',
  summary: 'Enters a market’s closures for a year (replacing what was entered); applies at once',
  async handle({ input, admin, deps }) {
    const nowMs = deps.clock.nowMs();
    const thisYear = Number(houseToday(nowMs).slice(0, 4));
    if (input.year < thisYear || input.year > thisYear + 2) {
      throw new Refusal('invalid_param', { fields: { year: `${thisYear}–${thisYear + 2}` } });
    }
    const dates = closuresOf(input.closures, input.year);
    refuseImplausibleYear(input.market, input.year, dates);
    await writeTransaction(deps.db, async (trx) => {
      await refusePastChanges(trx, input, dates, houseToday(nowMs));
      await replaceYear(trx, { ...input, dates }, { adminId: admin.adminId, nowMs });
      await audit(trx, {
        adminId: admin.adminId,
        action: 'calendar.set-year',
        subject: `calendar:${input.market}:${input.year}`,
        detail: { closures: dates, source: input.source, reason: input.reason },
        nowMs,
      });
    });
    // This process applies it before answering (the list read next must show it); every other
    // process reloads the calendars on this word.
    installOperatorCalendar(await loadOperatorCalendar(deps.db));
    await deps.redis.publish(redisKeys(deps.config.redisPrefix).calendarChannel, input.market);
    return { msg: 'modify_ok' };
  },
});

export const CALENDAR_CALLS: readonly CallDefinition[] = [calendarListCall, calendarSetYearCall];
