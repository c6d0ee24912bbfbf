import { describe, expect, it } from 'vitest';
import { addDays, isWeekend, localToUtcMs, type LocalDate } from './calendar-dates.ts';
import {
  isEarlyClose,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  tradingDaysBetween,
} from './holidays.ts';
import { sessionMinutes, marketClock } from './sessions.ts';

/** The 2026 weekday closures printed in MARKET-RULES.md §1. */
const CLOSURES_2026 = {
  US: ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
  JP: [
    '01-01',
    '01-02',
    '01-12',
    '02-11',
    '02-23',
    '03-20',
    '04-29',
    '05-04',
    '05-05',
    '05-06',
    '07-20',
    '08-11',
    '09-21',
    '09-22',
    '09-23',
    '10-12',
    '11-03',
    '11-23',
    '12-31',
  ],
  CN: [
    '01-01',
    '01-02',
    '02-16',
    '02-17',
    '02-18',
    '02-19',
    '02-20',
    '02-23',
    '04-06',
    '05-01',
    '05-04',
    '05-05',
    '06-19',
    '09-25',
    '10-01',
    '10-02',
    '10-05',
    '10-06',
    '10-07',
  ],
} as const;

function weekdayClosures(market: 'US' | 'JP' | 'CN', year: number): string[] {
  const closed: string[] = [];
  for (let day: LocalDate = `${year}-01-01`; day <= `${year}-12-31`; day = addDays(day, 1)) {
    if (!isWeekend(day) && !isTradingDay(market, day)) closed.push(day.slice(5));
  }
  return closed;
}

describe('2026 exchange calendars', () => {
  for (const market of ['US', 'JP', 'CN'] as const) {
    it(`${market}: weekday closures are exactly the published 2026 list`, () => {
      expect(weekdayClosures(market, 2026)).toEqual([...CLOSURES_2026[market]]);
    });
  }

  it('NYSE keeps Columbus Day and Veterans Day open and closes early after Thanksgiving and on Christmas Eve', () => {
    expect(isTradingDay('US', '2026-10-12')).toBe(true);
    expect(isTradingDay('US', '2026-11-11')).toBe(true);
    expect(isEarlyClose('US', '2026-11-27')).toBe(true);
    expect(isEarlyClose('US', '2026-12-24')).toBe(true);
    expect(isEarlyClose('US', '2026-12-23')).toBe(false);
    expect(sessionMinutes('US', '2026-11-27')).toBe(210);
  });

  it('SSE does not trade on a make-up working Saturday', () => {
    expect(isTradingDay('CN', '2026-02-14')).toBe(false);
    expect(isTradingDay('CN', '2026-02-24')).toBe(true);
  });

  it('steps over holidays to the neighbouring trading days', () => {
    expect(previousTradingDay('JP', '2026-01-05')).toBe('2025-12-30');
    expect(nextTradingDay('CN', '2026-09-30')).toBe('2026-10-08');
    expect(tradingDaysBetween('US', '2026-01-01', '2026-12-31')).toHaveLength(251);
    expect(tradingDaysBetween('JP', '2026-01-01', '2026-12-31')).toHaveLength(242);
    expect(tradingDaysBetween('CN', '2026-01-01', '2026-12-31')).toHaveLength(242);
  });
});

describe('session phases in each exchange’s own time zone', () => {
  const at = (iso: string) => Date.parse(iso);

  it('New York follows daylight saving time', () => {
    expect(marketClock('US', at('2026-03-09T13:30:00Z'), 'exchange').phase).toBe('continuous');
    expect(marketClock('US', at('2026-03-06T14:29:00Z'), 'exchange').phase).toBe('pre_open');
    expect(marketClock('US', at('2026-03-06T14:30:00Z'), 'exchange').phase).toBe('continuous');
    expect(marketClock('US', at('2026-11-27T18:05:00Z'), 'exchange').phase).toBe('after_hours');
    expect(localToUtcMs('2026-07-01', 9 * 60 + 30, 'America/New_York')).toBe(
      at('2026-07-01T13:30:00Z'),
    );
    expect(localToUtcMs('2026-12-01', 9 * 60 + 30, 'America/New_York')).toBe(
      at('2026-12-01T14:30:00Z'),
    );
  });

  it('Tokyo: morning, lunch, afternoon and the 15:25–15:30 closing auction', () => {
    expect(marketClock('JP', at('2026-11-20T00:00:00Z'), 'exchange').phase).toBe('continuous');
    expect(marketClock('JP', at('2026-11-20T02:31:00Z'), 'exchange').phase).toBe('lunch');
    expect(marketClock('JP', at('2026-11-20T06:27:00Z'), 'exchange').phase).toBe('closing_auction');
    expect(marketClock('JP', at('2026-11-20T06:30:00Z'), 'exchange').phase).toBe('closed');
    expect(sessionMinutes('JP', '2026-11-20')).toBe(330);
    expect(sessionMinutes('JP', '2024-10-01')).toBe(300);
  });

  it('Shanghai: call auctions, lunch, and closed on a holiday', () => {
    expect(marketClock('CN', at('2026-11-20T01:20:00Z'), 'exchange').phase).toBe('opening_auction');
    expect(marketClock('CN', at('2026-11-20T03:45:00Z'), 'exchange').phase).toBe('lunch');
    expect(marketClock('CN', at('2026-11-20T06:58:00Z'), 'exchange').phase).toBe('closing_auction');
    expect(marketClock('CN', at('2026-10-01T02:00:00Z'), 'exchange')).toEqual({
      phase: 'closed',
      date: '2026-10-01',
      tradingDay: false,
    });
    expect(sessionMinutes('CN', '2026-11-20')).toBe(240);
  });

  it('always-open keeps every market continuous, weekends included', () => {
    expect(marketClock('JP', at('2026-11-22T12:00:00Z'), 'always-open').phase).toBe('continuous');
  });
});
