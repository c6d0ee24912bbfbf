import { describe, expect, it } from 'vitest';
import {
  adjustCandles,
  adjustmentFactor,
  exRightsPrice,
  type CorporateAction,
} from './adjustment.ts';
import { rollUp, tradingDateKey, type Candle } from './candles.ts';
import { parseScaledPrice } from './prices.ts';

const cny = (text: string) => parseScaledPrice(text, 'CN');
const bar = (
  startMs: number,
  o: string,
  h: string,
  l: string,
  c: string,
  volume: number,
): Candle => ({
  startMs,
  open: cny(o),
  high: cny(h),
  low: cny(l),
  close: cny(c),
  volume: BigInt(volume),
  turnover: 0n,
});
const minute = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00Z`);
const day = (date: string) => tradingDateKey(date);

describe('candle roll-up', () => {
  it('1-minute bars become 5-minute bars: first open, highest high, lowest low, last close, summed volume', () => {
    const bars = [
      bar(minute('01:30'), '10.00', '10.05', '9.98', '10.02', 100),
      bar(minute('01:31'), '10.02', '10.10', '10.01', '10.08', 200),
      bar(minute('01:34'), '10.08', '10.09', '9.95', '9.97', 300),
      bar(minute('01:35'), '9.97', '10.00', '9.96', '9.99', 400),
    ];
    expect(rollUp(bars, '5m')).toEqual([
      bar(minute('01:30'), '10.00', '10.10', '9.95', '9.97', 600),
      bar(minute('01:35'), '9.97', '10.00', '9.96', '9.99', 400),
    ]);
    expect(rollUp(bars, '30m')).toEqual([
      bar(minute('01:30'), '10.00', '10.10', '9.95', '9.99', 1000),
    ]);
  });

  it('daily bars roll into Monday weeks, calendar months and years', () => {
    const days = [
      bar(day('2026-11-19'), '10.00', '10.50', '9.90', '10.40', 1), // Thursday
      bar(day('2026-11-20'), '10.40', '10.60', '10.30', '10.35', 2), // Friday
      bar(day('2026-11-23'), '10.35', '11.00', '10.20', '10.90', 3), // Monday
      bar(day('2026-12-01'), '10.90', '11.20', '10.80', '11.10', 4),
      bar(day('2027-01-04'), '11.10', '11.30', '11.00', '11.25', 5),
    ];
    expect(
      rollUp(days, '1w').map((b) => [new Date(b.startMs).toISOString().slice(0, 10), b.volume]),
    ).toEqual([
      ['2026-11-16', 3n],
      ['2026-11-23', 3n],
      ['2026-11-30', 4n],
      ['2027-01-04', 5n],
    ]);
    expect(
      rollUp(days, '1M').map((b) => [new Date(b.startMs).toISOString().slice(0, 10), b.close]),
    ).toEqual([
      ['2026-11-01', cny('10.90')],
      ['2026-12-01', cny('11.10')],
      ['2027-01-01', cny('11.25')],
    ]);
    const years = rollUp(days, '1y');
    expect(years).toHaveLength(2);
    expect(years[0]).toMatchObject({
      open: cny('10.00'),
      high: cny('11.20'),
      low: cny('9.90'),
      close: cny('11.10'),
      volume: 10n,
    });
  });
});

describe('price adjustment for corporate actions', () => {
  // MARKET-RULES.md §10: a 10-for-10 bonus plus a ¥0.5 dividend on a ¥20 close.
  const bonusAndDividend: CorporateAction = {
    exDateMs: day('2026-06-22'),
    cashDividend: cny('0.50'),
    bonusNumerator: 1n,
    bonusDenominator: 1n,
  };
  const history = [
    bar(day('2026-06-18'), '19.50', '20.20', '19.40', '19.80', 1000),
    bar(day('2026-06-19'), '19.80', '20.10', '19.70', '20.00', 1000),
    bar(day('2026-06-22'), '9.75', '9.90', '9.60', '9.80', 2000),
  ];
  const actions = [{ ...bonusAndDividend, prevClose: cny('20.00') }];

  it('computes the ex-rights price and the factor of the worked example', () => {
    expect(exRightsPrice(cny('20.00'), bonusAndDividend)).toBe(cny('9.75'));
    const factor = adjustmentFactor(cny('20.00'), bonusAndDividend);
    expect(Number(factor.num) / Number(factor.den)).toBeCloseTo(2.0513, 4);
  });

  it('forward (qfq) keeps the latest prices raw and scales older bars and volumes', () => {
    const qfq = adjustCandles(history, actions, 'qfq');
    expect(qfq[2]).toEqual(history[2]);
    expect(qfq[1]?.close).toBe(cny('9.75'));
    expect(qfq[0]?.high).toBe(cny('9.85')); // 20.20 × 9.75/20 = 9.8475 → 9.85
    expect(qfq[0]?.volume).toBe(2000n);
  });

  it('backward (hfq) keeps history raw and scales later bars up', () => {
    const hfq = adjustCandles(history, actions, 'hfq');
    expect(hfq[0]).toEqual(history[0]);
    expect(hfq[2]?.open).toBe(cny('20.00'));
    expect(hfq[2]?.close).toBe(cny('20.10')); // 9.80 × 20/9.75 = 20.1026
    expect(hfq[2]?.volume).toBe(1000n);
  });

  it('a 10-for-1 split alone divides earlier prices by ten; a dividend alone by (1 − D/P)', () => {
    const usd = (text: string) => parseScaledPrice(text, 'US');
    const split: CorporateAction = {
      exDateMs: day('2024-06-10'),
      cashDividend: 0n,
      bonusNumerator: 9n,
      bonusDenominator: 1n,
    };
    expect(exRightsPrice(usd('1208.88'), split)).toBe(usd('120.888'));
    const before = [
      {
        startMs: day('2024-06-07'),
        open: usd('1200.00'),
        high: usd('1210.00'),
        low: usd('1190.00'),
        close: usd('1208.88'),
        volume: 100n,
        turnover: 0n,
      },
    ];
    expect(
      adjustCandles(before, [{ ...split, prevClose: usd('1208.88') }], 'qfq')[0],
    ).toMatchObject({ open: usd('120.00'), close: usd('120.888'), volume: 1000n });
    const dividend: CorporateAction = {
      exDateMs: day('2026-03-02'),
      cashDividend: cny('2.00'),
      bonusNumerator: 0n,
      bonusDenominator: 1n,
    };
    const old = [bar(day('2026-02-27'), '50.00', '50.00', '50.00', '50.00', 10)];
    expect(adjustCandles(old, [{ ...dividend, prevClose: cny('100.00') }], 'qfq')[0]?.close).toBe(
      cny('49.00'),
    );
  });
});
