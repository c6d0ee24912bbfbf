import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCandles } from '@kabuto/schema/db';
import {
  findInstrument,
  generateHistory,
  localClock,
  MARKET_RULES,
  tradingDaysBetween,
  type ClockMode,
  type Instrument,
} from '@kabuto/schema/market';
import { makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { chartCandles } from '../src/modules/quotes/candles.service.ts';

// A market that is closed (holiday, weekend, a week-long break) shows its last session on the
// time-share chart, as moomoo does, never an empty chart. Every date here comes from the test's own
// clock values, never the machine's.
let testDb: TestDb;

async function seedMinutesUntil(symbol: string, lastDay: string): Promise<Instrument> {
  const instrument = findInstrument(symbol) as Instrument;
  const days = tradingDaysBetween(instrument.market, '2026-06-01', lastDay);
  const history = generateHistory(instrument, 7, days, 2);
  await upsertCandles(
    testDb.db,
    history.minutes.map((bar) => ({ symbol, period: '1m' as const, bar })),
  );
  return instrument;
}

async function timeShareAt(instrument: Instrument, nowMs: number, clock: ClockMode = 'exchange') {
  const chart = await chartCandles(
    testDb.db,
    instrument,
    { period: 'time', adjust: 'none' },
    { nowMs, clock },
  );
  const zone = MARKET_RULES[instrument.market].timeZone;
  return {
    bars: chart.candles.length,
    dates: [...new Set(chart.candles.map((bar) => localClock(bar.t, zone).date))],
  };
}

beforeAll(async () => {
  testDb = await makeTestDb();
});

afterAll(async () => {
  await testDb.cleanup();
});

describe('the time-share chart of a closed market', () => {
  it('shows the session before Thanksgiving on Thanksgiving (US closed 2026-11-26)', async () => {
    const aapl = await seedMinutesUntil('AAPL', '2026-11-25');
    // 13:00 New York time on Thanksgiving: a normal day's session would be open.
    const chart = await timeShareAt(aapl, Date.UTC(2026, 10, 26, 18, 0));
    expect(chart).toEqual({ bars: 390, dates: ['2026-11-25'] });
  });

  it("shows Friday's session on a Sunday (Tokyo)", async () => {
    const toyota = await seedMinutesUntil('7203', '2026-11-20');
    const chart = await timeShareAt(toyota, Date.UTC(2026, 10, 22, 3, 0));
    expect(chart.dates).toEqual(['2026-11-20']);
    // 09:00–11:30 and 12:30–15:25 continuous trading (the closing auction prints no minute bars).
    expect(chart.bars).toBe(325);
  });

  it('shows the last session before a week-long break (China, National Day 2026)', async () => {
    const moutai = await seedMinutesUntil('600519', '2026-09-30');
    // 7 October: the exchanges have been closed for a week; the chart is not empty.
    const chart = await timeShareAt(moutai, Date.UTC(2026, 9, 7, 3, 0));
    expect(chart.dates).toEqual(['2026-09-30']);
    // 09:30–11:30 and 13:00–14:57 continuous trading, then the closing call auction.
    expect(chart.bars).toBe(237);
  });

  it('shows nothing for a symbol with no minute bars at all', async () => {
    const msft = findInstrument('MSFT') as Instrument;
    expect(await timeShareAt(msft, Date.UTC(2026, 10, 26, 18, 0))).toEqual({ bars: 0, dates: [] });
  });

  it('on the always-open demo clock, a fresh start shows the last whole session before the few minutes since', async () => {
    const sony = await seedMinutesUntil('6758', '2026-11-20');
    // The feed of an always-open stack started on Monday at 05:56 Tokyo time: seven minutes so far.
    const monday = Date.UTC(2026, 10, 22, 20, 56);
    const fresh = Array.from({ length: 7 }, (_, i) => {
      const price = 360_000n + BigInt(i);
      return {
        symbol: '6758',
        period: '1m' as const,
        bar: {
          startMs: monday + i * 60_000,
          open: price,
          high: price,
          low: price,
          close: price,
          volume: 100n,
          turnover: price * 100n,
        },
      };
    });
    await upsertCandles(testDb.db, fresh);
    const demo = await timeShareAt(sony, monday + 7 * 60_000, 'always-open');
    expect(demo).toEqual({ bars: 325 + 7, dates: ['2026-11-20', '2026-11-23'] });
    // A demo whose clock then jumped ten days (the feed's few minutes there): still from the last
    // whole session, not only the few since the jump.
    const later = monday + 10 * 86_400_000;
    await upsertCandles(
      testDb.db,
      fresh.slice(0, 3).map((row) => ({
        ...row,
        bar: { ...row.bar, startMs: row.bar.startMs + 10 * 86_400_000 },
      })),
    );
    const jumped = await timeShareAt(sony, later + 3 * 60_000, 'always-open');
    expect(jumped.bars).toBe(325 + 7 + 3);
    expect(jumped.dates[0]).toBe('2026-11-20');
    // The exchange clock keeps the time-share to the day's own minutes.
    expect(await timeShareAt(sony, later + 3 * 60_000)).toEqual({
      bars: 3,
      dates: ['2026-12-03'],
    });
  });
});
