import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AlertIndex,
  alertMetNow,
  changeHundredthsOf,
  type AlertCondition,
  type IndexedAlert,
} from './alert-index.ts';

const alertArb = fc.record({
  symbol: fc.constantFrom('7203', 'AAPL'),
  condition: fc.constantFrom<AlertCondition>('above', 'below', 'change_pct'),
  threshold: fc.bigInt({ min: -500n, max: 1_500n }),
});
const printArb = fc.record({
  symbol: fc.constantFrom('7203', 'AAPL'),
  price: fc.bigInt({ min: 0n, max: 1_500n }),
  change: fc.bigInt({ min: -600n, max: 600n }),
});

describe('the alert index', () => {
  it('meets exactly the alerts a scan would, each once, over random alerts and prints', () => {
    fc.assert(
      fc.property(
        fc.array(alertArb, { maxLength: 60 }),
        fc.array(printArb, { maxLength: 30 }),
        (specs, prints) => {
          const index = new AlertIndex();
          const alive = new Map<bigint, IndexedAlert>();
          specs.forEach((spec, i) => {
            const alert = { ...spec, id: BigInt(i + 1), userId: 1 };
            index.add(alert);
            alive.set(alert.id, alert);
          });
          for (const print of prints) {
            const expected = [...alive.values()]
              .filter((a) => a.symbol === print.symbol && alertMetNow(a, print.price, print.change))
              .map((a) => a.id)
              .sort();
            const met = index
              .metBy(print.symbol, print.price, print.change)
              .map((a) => a.id)
              .sort();
            expect(met).toEqual(expected);
            for (const id of met) alive.delete(id);
            expect(index.size).toBe(alive.size);
          }
        },
      ),
    );
  });

  it('a print without a day change meets only the price alerts', () => {
    const index = new AlertIndex();
    index.add({ id: 1n, userId: 1, symbol: 'AAPL', condition: 'change_pct', threshold: 100n });
    index.add({ id: 2n, userId: 1, symbol: 'AAPL', condition: 'above', threshold: 2_000_000n });
    expect(index.metBy('AAPL', 2_000_000n, null).map((a) => a.id)).toEqual([2n]);
    expect(index.size).toBe(1);
  });

  it('reads the feed’s day change in hundredths of a percent', () => {
    expect(changeHundredthsOf('2.31')).toBe(231n);
    expect(changeHundredthsOf('-0.5')).toBe(-50n);
    expect(changeHundredthsOf('abc')).toBeNull();
  });
});
