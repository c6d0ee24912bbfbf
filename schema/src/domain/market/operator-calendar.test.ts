import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarKnownUntil,
  calendarWarnings,
  installOperatorCalendar,
  isTradingDay,
} from './holidays.ts';

// Calendars as operator data (issue 21): the closures staff enter close the exchange, a year they
// enter carries its market's known calendar on, and the warning starts 60 days before it ends.
afterEach(() => installOperatorCalendar({ closures: [], enteredYears: [] }));

/** The State Council notice for 2027 as staff would enter it (the SSE weekday closures). */
const CN_2027 = ['2027-01-01', '2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11'];

describe('calendars staff enter', () => {
  it('China is known through 2026 until staff enter 2027, and then through 2027', () => {
    expect(calendarKnownUntil('CN')).toBe('2026-12-31');
    installOperatorCalendar({
      closures: CN_2027.map((date) => ({ market: 'CN', date })),
      enteredYears: [{ market: 'CN', year: 2027 }],
    });
    expect(calendarKnownUntil('CN')).toBe('2027-12-31');
  });

  it('an entered Chinese year closes on exactly its closures (weekends always)', () => {
    expect(isTradingDay('CN', '2027-02-09')).toBe(true);
    installOperatorCalendar({
      closures: CN_2027.map((date) => ({ market: 'CN', date })),
      enteredYears: [{ market: 'CN', year: 2027 }],
    });
    expect(isTradingDay('CN', '2027-02-09')).toBe(false);
    expect(isTradingDay('CN', '2027-01-01')).toBe(false);
    expect(isTradingDay('CN', '2027-02-12')).toBe(true);
    expect(isTradingDay('CN', '2027-02-13')).toBe(false);
  });

  it('an ad hoc closure staff add closes a market the rules keep open', () => {
    expect(isTradingDay('US', '2026-12-21')).toBe(true);
    installOperatorCalendar({
      closures: [{ market: 'US', date: '2026-12-21' }],
      enteredYears: [{ market: 'US', year: 2026 }],
    });
    expect(isTradingDay('US', '2026-12-21')).toBe(false);
    expect(isTradingDay('JP', '2026-12-21')).toBe(true);
  });

  it('warns 60 days before a known calendar ends, and not before; NYSE follows rules', () => {
    expect(calendarWarnings('2026-10-31')).toEqual([]);
    expect(calendarWarnings('2026-11-01')).toEqual([
      { market: 'CN', knownUntil: '2026-12-31', daysLeft: 60 },
    ]);
    expect(calendarWarnings('2026-11-27')).toEqual([
      { market: 'CN', knownUntil: '2026-12-31', daysLeft: 34 },
    ]);
    installOperatorCalendar({ closures: [], enteredYears: [{ market: 'CN', year: 2027 }] });
    expect(calendarWarnings('2026-11-27')).toEqual([]);
    expect(calendarKnownUntil('US')).toBeNull();
  });

  it('a later year entered with a gap does not carry the calendar over the gap', () => {
    installOperatorCalendar({ closures: [], enteredYears: [{ market: 'CN', year: 2028 }] });
    expect(calendarKnownUntil('CN')).toBe('2026-12-31');
  });
});
