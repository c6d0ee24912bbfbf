import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { reviewer } from './support/funds-helpers.ts';

// Exchange calendars as operator data (issue 21): `chinese-days` stops at 2026, so on 2026-11-27
// the console warns that China's known calendar ends in 34 days; an operator enters the 2027 State
// Council closures, and the gateway applies them at once (no restart): on 2027-02-09, a closure
// entered, Shanghai shows closed; the day after the last closure it trades again.
const NOV_27_2026 = Date.parse('2026-11-27T03:00:00Z');
const SHANGHAI_10AM = (date: string) => Date.parse(`${date}T02:00:00Z`);
// An illustrative 2027 list in the notice's shape (the real one is entered when published).
const CN_2027 =
  '2027-01-01, 2027-02-08, 2027-02-09, 2027-02-10, 2027-02-11, 2027-02-12, 2027-04-05, 2027-05-03, 2027-05-04, 2027-05-05, 2027-06-09, 2027-09-15, 2027-10-01, 2027-10-04, 2027-10-05, 2027-10-06, 2027-10-07';
let now = NOV_27_2026;
let t: TestGateway;
const db = () => t.testDb.db;

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'exchange' }, { nowMs: () => now });
}, 60_000);
afterAll(async () => t.close());

const phaseOf = async (symbol: string) =>
  (await t.call('quote/detail', { symbol, lang: 'us' })).body.data.phase as string;
const rows = async () => ({
  years: await db().selectFrom('exchange_calendar_year').selectAll().execute(),
  closures: await db().selectFrom('exchange_closure').selectAll().execute(),
});

describe('exchange calendars staff enter', () => {
  it('warns 60 days before China’s calendar ends, and the entered year applies at once', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const before = (await operator.call('calendar/list')).body.data;
    expect(before.markets).toContainEqual({
      market: 'CN',
      known_until: '2026-12-31',
      days_left: 34,
      warn: true,
    });
    expect(before.markets.find((m: { market: string }) => m.market === 'US')).toMatchObject({
      known_until: null,
      warn: false,
    });
    now = SHANGHAI_10AM('2027-02-09');
    expect(await phaseOf('600519')).toBe('continuous');
    now = NOV_27_2026;
    const entered = await operator.call('calendar/set-year', {
      market: 'CN',
      year: '2027',
      closures: CN_2027,
      source: '国务院办公厅关于2027年部分节假日安排的通知',
      reason: 'calendar package ends 2026',
    });
    expect(entered.body.msg).toBe('modify_ok');
    const after = (await operator.call('calendar/list')).body.data;
    expect(after.markets).toContainEqual({
      market: 'CN',
      known_until: '2027-12-31',
      days_left: 399,
      warn: false,
    });
    expect(after.years[0]).toMatchObject({ market: 'CN', year: 2027, entered_by: operator.login });
    expect(after.years[0].closures).toHaveLength(17);
    now = SHANGHAI_10AM('2027-02-09');
    await vi.waitFor(async () => expect(await phaseOf('600519')).toBe('closed'));
    expect(await phaseOf('7203')).toBe('continuous');
    now = SHANGHAI_10AM('2027-02-15');
    expect(await phaseOf('600519')).toBe('continuous');
    const [audited] = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', 'calendar:CN:2027')
      .execute();
    expect(JSON.parse(String(audited?.detail))).toMatchObject({
      reason: 'calendar package ends 2026',
    });
    now = NOV_27_2026;
  });

  it.each([
    [{ closures: '2027-02-30' }, 'closures'],
    [{ closures: '2028-01-03' }, 'closures'],
    [{ closures: 'tomorrow' }, 'closures'],
    [{ year: '2030' }, 'year'],
    [{ year: '2025' }, 'year'],
    [{ market: 'HK' }, 'market'],
    [{ source: '' }, 'source'],
  ])('%j is refused with invalid_param and nothing changes', async (change, field) => {
    const operator = await reviewer(t, undefined, 'operator');
    const before = await rows();
    const answer = await operator.call('calendar/set-year', {
      market: 'JP',
      year: '2027',
      closures: '2027-01-04',
      source: 'JPX notice',
      reason: 'probe',
      ...change,
    });
    expect([answer.http, answer.body.msg]).toEqual([400, 'invalid_param']);
    expect(Object.keys(answer.body.data.fields)).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('a whole Chinese year with too few closures, or a change to today or before, is refused', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const before = await rows();
    const thin = await operator.call('calendar/set-year', {
      market: 'CN',
      year: '2028',
      closures: '2028-01-03',
      source: 'typo',
      reason: 'probe',
    });
    expect([thin.http, thin.body.msg]).toEqual([400, 'invalid_param']);
    for (const closures of ['2026-11-27', '2026-11-20, 2026-12-21']) {
      const past = await operator.call('calendar/set-year', {
        market: 'JP',
        year: '2026',
        closures,
        source: 'JPX notice',
        reason: 'probe',
      });
      expect([closures, past.http, past.body.msg]).toEqual([closures, 400, 'invalid_param']);
    }
    expect(await rows()).toEqual(before);
    const ahead = await operator.call('calendar/set-year', {
      market: 'JP',
      year: '2026',
      closures: '2026-12-21',
      source: 'JPX notice of an ad hoc closure',
      reason: 'system migration day',
    });
    expect(ahead.body.msg).toBe('modify_ok');
  });

  it('a reviewer may read the calendars but not enter a year', async () => {
    const staff = await reviewer(t, undefined, 'reviewer');
    const before = await rows();
    expect((await staff.call('calendar/list')).body.msg).toBe('ok');
    const refused = await staff.call('calendar/set-year', {
      market: 'JP',
      year: '2027',
      closures: '2027-01-04',
      source: 'JPX notice',
      reason: 'not mine',
    });
    expect([refused.http, refused.body.msg]).toEqual([403, 'role_forbidden']);
    expect(await rows()).toEqual(before);
  });
});
