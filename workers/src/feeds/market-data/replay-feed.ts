import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QuoteSnapshot } from '@kabuto/schema/contracts';
import {
  changeRate,
  findInstrument,
  formatPrice,
  isOnTick,
  parseScaledPrice,
  type Instrument,
} from '@kabuto/schema/market';
import type { QuoteProvider } from './quote-provider.ts';

/** One daily OHLCV bar of a replay file, prices at the market's scale. */
export interface ReplayBar {
  readonly date: string;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: number;
}

const HEADER = 'date,open,high,low,close,volume';

/**
 * Parses `<SYMBOL>.csv` (header `date,open,high,low,close,volume`, dates ascending). Refuses a
 * row whose prices are off the instrument's tick grid or inconsistent (low > open, …), naming it.
 */
export function parseReplayCsv(instrument: Instrument, text: string): ReplayBar[] {
  const lines = text.trim().split(/\r?\n/);
  if (lines[0]?.trim().toLowerCase() !== HEADER) {
    throw new Error(`${instrument.symbol}: header must be "${HEADER}"`);
  }
  return lines.slice(1).map((line, index) => {
    const [date = '', ...fields] = line.split(',').map((f) => f.trim());
    const [open, high, low, close] = fields
      .slice(0, 4)
      .map((f) => parseScaledPrice(f, instrument.market)) as [bigint, bigint, bigint, bigint];
    const volume = Number(fields[4]);
    const row = `${instrument.symbol} row ${index + 2}`;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isInteger(volume) || volume < 0) {
      throw new Error(`${row}: bad date or volume`);
    }
    if ([open, high, low, close].some((p) => !isOnTick(instrument.tickTable, p))) {
      throw new Error(`${row}: price off the tick grid`);
    }
    if (low > open || low > close || high < open || high < close) {
      throw new Error(`${row}: inconsistent OHLC`);
    }
    return { date, open, high, low, close, volume };
  });
}

/**
 * Replays real OHLCV files: each beat advances every symbol by one print, walking each bar as
 * open → high → low → close (four prints a bar) and then the next bar; after the last bar the
 * file starts over. For demos and regression runs with recorded data.
 */
export function createReplayFeed(
  directory: string,
  source = `replay (${directory})`,
): QuoteProvider {
  const files = readdirSync(directory).filter((f) => f.endsWith('.csv'));
  const tracks = files.flatMap((file) => {
    const instrument = findInstrument(file.replace(/\.csv$/, ''));
    if (!instrument) return [];
    return [
      {
        instrument,
        bars: parseReplayCsv(instrument, readFileSync(join(directory, file), 'utf8')),
        step: 0,
        seq: 0,
      },
    ];
  });
  return {
    source,
    next(nowMs) {
      return tracks
        .filter((t) => t.bars.length > 1)
        .map((track): QuoteSnapshot => {
          const count = track.bars.length;
          const barIndex = 1 + (Math.floor(track.step / 4) % (count - 1));
          const bar = track.bars[barIndex] as ReplayBar;
          const previous = track.bars[barIndex - 1] as ReplayBar;
          const phase = track.step % 4;
          const price = [bar.open, bar.high, bar.low, bar.close][phase] as bigint;
          track.step += 1;
          track.seq += 1;
          const fmt = (value: bigint) => formatPrice(value, track.instrument.market);
          return {
            symbol: track.instrument.symbol,
            market: track.instrument.market,
            price: fmt(price),
            change_rate: changeRate(price, previous.close),
            volume: Math.round((bar.volume * (phase + 1)) / 4),
            seq: track.seq,
            ts: nowMs,
            open: fmt(bar.open),
            high: fmt(phase >= 1 ? bar.high : bar.open),
            low: fmt(phase >= 2 ? bar.low : price < bar.open ? price : bar.open),
            prev_close: fmt(previous.close),
            turnover: '0',
            limit_up: null,
            limit_down: null,
            phase: 'continuous',
            date: bar.date,
            source,
          };
        });
    },
  };
}
