import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anIpoListing, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { loadCandles, loadListedInstruments, upsertCandles } from '@kabuto/schema/db';
import { tickOf } from '@kabuto/schema/contracts';
import {
  dailyLimits,
  findInstrument,
  formatPrice,
  isOnTick,
  setListedInstruments,
  tradingDateOf,
  tradingDaysBetween,
  withinLimits,
  type Instrument,
} from '@kabuto/schema/market';
import { createLogger } from '../src/infra/logger.ts';
import { loadListedDailyBars, prepareHistory } from '../src/feeds/market-data/history-backfill.ts';
import { createListedFeed } from '../src/feeds/market-data/listed-feed.ts';
import { createSimulatedFeed } from '../src/feeds/market-data/simulated-feed.ts';

// Friday 2026-11-20 12:00 UTC: Tokyo and Shanghai have closed for the day, New York has not opened.
const NOW = Date.parse('2026-11-20T12:00:00Z');
const instruments = ['7203', 'AAPL', '600519'].map((s) => findInstrument(s) as Instrument);
const logger = createLogger('silent', 'test');
let testDb: TestDb;

beforeAll(async () => {
  testDb = await makeTestDb();
});

afterAll(async () => {
  await testDb.cleanup();
});

const options = () => ({
  instruments,
  seed: 3,
  clock: 'exchange' as const,
  nowMs: NOW,
  historyDays: 120,
  minuteDays: 1,
  logger,
});

describe('history at first start', () => {
  it('holds one daily bar per trading day up to the last finished session of each market', async () => {
    const resume = await prepareHistory(testDb.db, options());
    expect(resume.get('7203')?.session?.date).toBe('2026-11-20');
    expect(resume.get('600519')?.session?.date).toBe('2026-11-20');
    expect(resume.get('AAPL')?.session?.date).toBe('2026-11-19');
    for (const instrument of instruments) {
      const bars = await loadCandles(testDb.db, instrument.symbol, '1d', 0, NOW + 86_400_000);
      const last = tradingDateOf((bars[bars.length - 1] as { startMs: number }).startMs);
      expect(bars.map((b) => tradingDateOf(b.startMs))).toEqual(
        tradingDaysBetween(instrument.market, tradingDateOf(bars[0]?.startMs ?? 0), last),
      );
    }
  });

  it('every stored price is on the tick grid and inside the limits of its day', async () => {
    for (const instrument of instruments) {
      const bars = await loadCandles(testDb.db, instrument.symbol, '1d', 0, NOW + 86_400_000);
      bars.forEach((bar, i) => {
        for (const price of [bar.open, bar.high, bar.low, bar.close]) {
          expect(isOnTick(instrument.tickTable, price)).toBe(true);
        }
        const previous = bars[i - 1];
        if (previous) {
          const limits = dailyLimits(instrument.priceLimit, instrument.tickTable, previous.close);
          expect(withinLimits(limits, bar.high) && withinLimits(limits, bar.low)).toBe(true);
        }
      });
    }
  });

  it('a restart resumes from the stored bars and generates nothing', async () => {
    const before = await testDb.db
      .selectFrom('candle')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const resume = await prepareHistory(testDb.db, options());
    const after = await testDb.db
      .selectFrom('candle')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(resume.get('AAPL')?.session?.date).toBe('2026-11-19');
  });
});

describe('the live simulator', () => {
  it('prints nothing while every market is closed and only Tokyo during Tokyo hours', async () => {
    const resume = await prepareHistory(testDb.db, options());
    const feed = createSimulatedFeed({
      instruments,
      seed: 3,
      clock: 'exchange',
      source: 'test',
      resume,
      startMs: NOW,
    });
    const sunday = Date.parse('2026-11-22T03:00:00Z');
    for (let i = 0; i < 40; i += 1) expect(feed.next(sunday + i * 250)).toEqual([]);
    const tokyoMorning = Date.parse('2026-11-24T01:00:00Z');
    const printed = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      for (const s of feed.next(tokyoMorning + i * 250)) printed.add(s.symbol);
    }
    expect([...printed]).toEqual(['7203']);
  });

  it('is deterministic for a seed and a sequence of beats, and writes 1-minute and daily bars', async () => {
    const resume = await prepareHistory(testDb.db, options());
    const run = () => {
      const feed = createSimulatedFeed({
        instruments,
        seed: 3,
        clock: 'always-open',
        source: 'test',
        resume,
        startMs: NOW,
      });
      const out = [];
      for (let i = 0; i < 200; i += 1) out.push(...feed.next(NOW + i * 250));
      return { out, feed };
    };
    const a = run();
    expect(a.out).toEqual(run().out);
    expect(a.out.length).toBeGreaterThan(100);
    const bars = a.feed.drainBars();
    expect(bars.filter((b) => b.period === '1d')).toHaveLength(3);
    await upsertCandles(testDb.db, bars);
    const minutes = await loadCandles(testDb.db, 'AAPL', '1m', NOW - 60_000, NOW + 3_600_000);
    expect(minutes.length).toBeGreaterThan(0);
    for (const snapshot of a.out) {
      const instrument = findInstrument(snapshot.symbol) as Instrument;
      expect(snapshot.price).toMatch(
        instrument.market === 'JP' ? /^\d+(\.\d)?$/ : /^\d+\.\d{2,4}$/,
      );
    }
  });
});

describe('a start during the session', () => {
  // Friday 2026-11-20 02:00 UTC: Tokyo 11:00 (open since 09:00), Shanghai 10:00 (since 09:30), New York closed.
  const MID = Date.parse('2026-11-20T02:00:00Z');

  it("backfills today's minutes from the open, so the intraday chart starts at the open and the feed continues that day", async () => {
    const own = await makeTestDb();
    try {
      const resume = await prepareHistory(own.db, { ...options(), nowMs: MID });
      const today = (symbol: string) =>
        loadCandles(own.db, symbol, '1m', Date.parse('2026-11-19T15:00:00Z'), MID + 3_600_000);
      const tokyo = await today('7203');
      expect(tokyo[0]?.startMs).toBe(Date.parse('2026-11-20T00:00:00Z'));
      expect(tokyo).toHaveLength(120);
      expect(tokyo[tokyo.length - 1]?.startMs).toBe(MID - 60_000);
      const shanghai = await today('600519');
      expect(shanghai[0]?.startMs).toBe(Date.parse('2026-11-20T01:30:00Z'));
      expect(shanghai).toHaveLength(30);
      const session = resume.get('7203')?.session;
      expect(session?.date).toBe('2026-11-20');
      expect(session?.bar.volume).toBe(tokyo.reduce((sum, bar) => sum + bar.volume, 0n));
      expect(resume.get('AAPL')?.session?.date).toBe('2026-11-19');

      const feed = createSimulatedFeed({
        instruments,
        seed: 3,
        clock: 'exchange',
        source: 'test',
        resume,
        startMs: MID,
      });
      const prints = Array.from({ length: 40 }, (_, i) => feed.next(MID + i * 250))
        .flat()
        .filter((s) => s.symbol === '7203');
      expect(prints.length).toBeGreaterThan(0);
      expect(prints[0]?.volume).toBeGreaterThan(Number(session?.bar.volume));
      expect(prints[0]?.open).toBe(formatPrice(session?.bar.open ?? 0n, 'JP'));
    } finally {
      await own.cleanup();
    }
  });
});

describe('turnover', () => {
  it('moves with volume on every print, and the tick on the wire carries it', async () => {
    const resume = await prepareHistory(testDb.db, options());
    const feed = createSimulatedFeed({
      instruments,
      seed: 3,
      clock: 'always-open',
      source: 'test',
      resume,
      startMs: NOW,
    });
    const last = new Map<string, { volume: number; turnover: number }>();
    let moved = 0;
    for (let i = 0; i < 200; i += 1) {
      for (const snapshot of feed.next(NOW + i * 250)) {
        expect(tickOf(snapshot).turnover).toBe(snapshot.turnover);
        const before = last.get(snapshot.symbol);
        const now = { volume: snapshot.volume, turnover: Number(snapshot.turnover) };
        if (before && now.volume > before.volume) {
          expect(now.turnover).toBeGreaterThan(before.turnover);
          moved += 1;
        }
        last.set(snapshot.symbol, now);
      }
    }
    expect(moved).toBeGreaterThan(50);
  });
});

describe('a listed new share across a feed restart', () => {
  // Tuesday 2026-11-24 01:00 UTC (Tokyo 10:00); the share listed an hour before, offered at ¥1,500.
  const DAY1 = Date.parse('2026-11-24T01:00:00Z');
  const HOUR = 3_600_000;
  const SYMBOL = '9990A';

  /** A feed process start at `startMs`: the registry and the stored bars read then, `beats` beats run. */
  async function runFeed(db: TestDb['db'], startMs: number, beats: number) {
    setListedInstruments(await loadListedInstruments(db, startMs));
    const feed = createListedFeed({
      seed: 3,
      clock: 'always-open',
      source: 'test',
      stored: await loadListedDailyBars(db, startMs),
    });
    const prints = Array.from({ length: beats }, (_, i) => feed.next(startMs + i * 250))
      .flat()
      .filter((s) => s.symbol === SYMBOL);
    return { prints, bars: feed.drainBars() };
  }

  it('resumes from the price it had ticked to, not from its offer price', async () => {
    const own = await makeTestDb();
    try {
      const listingAt = DAY1 - HOUR;
      await anIpoListing(
        own.db,
        {
          subscribeEnd: listingAt - 72 * HOUR,
          drawAt: listingAt - 71 * HOUR,
          payDeadline: listingAt - 24 * HOUR,
          listingAt,
        },
        { symbol: SYMBOL },
      );
      const before = await runFeed(own.db, DAY1, 400);
      const last = before.prints[before.prints.length - 1];
      expect(before.prints[0]?.prev_close).toBe('1500');
      expect(last?.price).not.toBe('1500');
      await upsertCandles(own.db, before.bars);

      // Restarted the same day: the day's bar continues (same open, volume grows from where it was).
      const sameDay = await runFeed(own.db, DAY1 + 10 * 60_000, 40);
      expect(sameDay.prints[0]).toMatchObject({ open: before.prints[0]?.open, prev_close: '1500' });
      expect(sameDay.prints[0]?.volume).toBeGreaterThan(last?.volume ?? 0);

      // Restarted the next day: the day's base (prev close) is the last price before the restart.
      const nextDay = await runFeed(own.db, DAY1 + 24 * HOUR, 40);
      expect(nextDay.prints[0]?.prev_close).toBe(last?.price);
    } finally {
      setListedInstruments([]);
      await own.cleanup();
    }
  });
});
