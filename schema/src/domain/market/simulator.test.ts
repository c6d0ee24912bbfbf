import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-dates.ts';
import { generateHistory } from './history.ts';
import { tradingDaysBetween } from './holidays.ts';
import { INSTRUMENTS, findInstrument, type Instrument } from './instruments.ts';
import { dailyLimits, withinLimits } from './price-limits.ts';
import { createSymbolState, openDay, stepSymbol } from './simulator.ts';
import { isOnTick } from './tick-size.ts';

const stocks = INSTRUMENTS.filter((i) => i.kind === 'stock');

function simulate(instrument: Instrument, seed: number, days: number, stepsPerDay: number) {
  const state = createSymbolState(instrument, seed, instrument.referencePrice);
  const prints: Array<{ price: bigint; base: bigint }> = [];
  for (let d = 0; d < days; d += 1) {
    openDay(state, state.price);
    prints.push({ price: state.price, base: state.base });
    for (let s = 1; s <= stepsPerDay; s += 1) {
      prints.push({
        price: stepSymbol(state, 1, s / stepsPerDay, stepsPerDay).price,
        base: state.base,
      });
    }
  }
  return prints;
}

describe('price simulator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const toyota = findInstrument('7203') as Instrument;
    expect(simulate(toyota, 42, 3, 50)).toEqual(simulate(toyota, 42, 3, 50));
    expect(simulate(toyota, 43, 3, 50)).not.toEqual(simulate(toyota, 42, 3, 50));
  });

  it('never prints off the tick grid or outside the day’s limits (every market and board)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...stocks),
        fc.integer({ min: 1, max: 2 ** 31 }),
        (instrument, seed) => {
          for (const print of simulate(instrument, seed, 4, 60)) {
            expect(isOnTick(instrument.tickTable, print.price)).toBe(true);
            expect(
              withinLimits(
                dailyLimits(instrument.priceLimit, instrument.tickTable, print.base),
                print.price,
              ),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('pins at a China limit and stays inside it even with high volatility', () => {
    const star = { ...(findInstrument('688256') as Instrument), annualVolPercent: 400 };
    const prints = simulate(star, 7, 20, 240);
    expect(
      prints.some((p) => {
        const l = dailyLimits(star.priceLimit, star.tickTable, p.base);
        return l !== null && (p.price === l.up || p.price === l.down);
      }),
    ).toBe(true);
  });
});

describe('generated history', () => {
  const days = tradingDaysBetween('US', addDays('2026-11-20', -400), '2026-11-20');

  it('covers every trading day, lands near the reference price and replays the real NVDA split', () => {
    const nvda = findInstrument('NVDA') as Instrument;
    const wideDays = tradingDaysBetween('US', '2024-01-02', '2026-11-20');
    const history = generateHistory(nvda, 1, wideDays, 2);
    expect(history.daily).toHaveLength(wideDays.length);
    const last = history.daily[history.daily.length - 1];
    expect(Number(last?.close) / Number(nvda.referencePrice)).toBeGreaterThan(0.5);
    expect(Number(last?.close) / Number(nvda.referencePrice)).toBeLessThan(2);
    const split = history.actions.find((a) => a.bonusNumerator === 9n);
    expect(split?.exDateMs).toBe(Date.parse('2024-06-10T00:00:00Z'));
    expect(history.minutes).toHaveLength(2 * 390); // 2026-11-19 and 2026-11-20, full days
  });

  it('is deterministic for a seed', () => {
    const aapl = findInstrument('AAPL') as Instrument;
    expect(generateHistory(aapl, 9, days, 1).daily).toEqual(
      generateHistory(aapl, 9, days, 1).daily,
    );
  });
});
