import { afterEach, describe, expect, it } from 'vitest';
import { instrumentFromListing } from '@kabuto/schema/ipo';
import { findInstrument, setListedInstruments, type Instrument } from '@kabuto/schema/market';
import { createListedFeed } from './listed-feed.ts';

const listing = {
  symbol: '9999',
  market: 'JP',
  board: 'tse_growth',
  name_ja: '新株',
  name_en: 'New Share',
  name_zh: '新股',
  price: 15_000n, // ¥1,500.0
};

afterEach(() => setListedInstruments([]));

describe('listed new shares as instruments', () => {
  it('take their rules from the market and board and their reference price from the offer', () => {
    const instrument = instrumentFromListing(listing) as Instrument;
    const catalogueGrowth = { tickTable: 'tse_other', maxLeverage: 2, shortable: true };
    expect(instrument).toMatchObject({ ...catalogueGrowth, board: 'tse_growth', currency: 'JPY' });
    expect(instrument.referencePrice).toBe(15_000n);
    expect(instrument.quantity.lotSize).toBe(100);
    expect(instrumentFromListing({ ...listing, board: 'nasdaq' })).toBeNull();
    expect(instrumentFromListing({ ...listing, market: 'XX' })).toBeNull();
  });

  it('are found once registered, never shadowing a catalogue symbol', () => {
    expect(findInstrument('9999')).toBeUndefined();
    setListedInstruments([instrumentFromListing(listing) as Instrument]);
    expect(findInstrument('9999')?.names.en).toBe('New Share');
    const clash = instrumentFromListing({ ...listing, symbol: '7203', name_en: 'Clash' });
    setListedInstruments([clash as Instrument]);
    expect(findInstrument('7203')?.names.en).not.toBe('Clash');
  });

  it('tick from the offer price once listed', () => {
    const feed = createListedFeed({ seed: 7, clock: 'always-open', source: 'test' });
    const start = Date.UTC(2026, 10, 24, 1, 0);
    expect(feed.next(start)).toEqual([]);
    setListedInstruments([instrumentFromListing(listing) as Instrument]);
    const ticks = [];
    for (let beat = 1; beat <= 40 && ticks.length === 0; beat++) {
      ticks.push(...feed.next(start + beat * 250));
    }
    expect(ticks[0]).toMatchObject({ symbol: '9999', prev_close: '1500' });
    expect(Math.abs(Number(ticks[0]!.price) - 1500)).toBeLessThan(1500 * 0.05);
    expect(feed.drainBars().map((bar) => bar.symbol)).toContain('9999');
  });
});
