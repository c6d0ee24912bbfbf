import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findInstrument, type Instrument } from '@kabuto/schema/market';
import { createReplayFeed, parseReplayCsv } from '../src/feeds/market-data/replay-feed.ts';

// The fixture is a format sample for the replay provider (three made-up bars), not market data.
const DIR = join(import.meta.dirname, 'fixtures/replay');

describe('replay provider', () => {
  it('walks each bar open, high, low, close against the previous close', () => {
    const feed = createReplayFeed(DIR, 'replay test');
    const prints = Array.from({ length: 8 }, (_, i) => feed.next(i)[0]);
    expect(prints.map((p) => p?.price)).toEqual([
      '231.90',
      '233.00',
      '230.40',
      '232.10',
      '232.00',
      '232.20',
      '228.75',
      '229.30',
    ]);
    expect(prints[3]).toMatchObject({
      change_rate: '0.13',
      prev_close: '231.80',
      date: '2026-11-17',
      source: 'replay test',
    });
  });

  it('refuses rows off the tick grid or with inconsistent prices, naming the row', () => {
    const aapl = findInstrument('AAPL') as Instrument;
    const header = 'date,open,high,low,close,volume\n';
    expect(() => parseReplayCsv(aapl, `${header}2026-11-16,230.005,231,229,230,10`)).toThrow(
      /row 2: price off the tick grid/,
    );
    expect(() => parseReplayCsv(aapl, `${header}2026-11-16,230,229,228,230,10`)).toThrow(
      /inconsistent OHLC/,
    );
    expect(() => parseReplayCsv(aapl, 'symbol,price\n')).toThrow(/header/);
  });
});
