import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInstrument, type Instrument } from '../market/instruments.ts';
import { parseScaledPrice } from '../market/prices.ts';
import { computeFees } from './fees.ts';
import { executionPrice, fillFromHold, limitCrossedBy } from './limit-fill.ts';
import { requiredMargin, type PositionSide } from './order-rules.ts';

const toyota = findInstrument('7203') as Instrument;
const apple = findInstrument('AAPL') as Instrument;
const yen = (t: string) => parseScaledPrice(t, 'JP');
const usd = (t: string) => parseScaledPrice(t, 'US');

describe('where a limit order executes', () => {
  it('a buy limit above the market executes at the market (¥2,641 limit, market ¥2,615 → ¥2,615)', () => {
    expect(executionPrice({ side: 'long', kind: 'limit', price: yen('2641') }, yen('2615'))).toBe(
      yen('2615'),
    );
  });

  it('a sell (short) limit below the market executes at the market', () => {
    expect(executionPrice({ side: 'short', kind: 'limit', price: yen('2600') }, yen('2615'))).toBe(
      yen('2615'),
    );
  });

  it('a limit the print does not cross does not execute; at the limit it executes at the limit', () => {
    expect(
      executionPrice({ side: 'long', kind: 'limit', price: yen('2600') }, yen('2600.5')),
    ).toBeNull();
    expect(
      executionPrice({ side: 'short', kind: 'limit', price: yen('2600') }, yen('2599.5')),
    ).toBeNull();
    expect(executionPrice({ side: 'long', kind: 'limit', price: yen('2600') }, yen('2600'))).toBe(
      yen('2600'),
    );
    expect(executionPrice({ side: 'long', kind: 'market', price: null }, yen('2600'))).toBe(
      yen('2600'),
    );
  });

  it('never executes worse than the limit nor different from the print (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PositionSide>('long', 'short'),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (side, limit, print) => {
          const price = executionPrice({ side, kind: 'limit', price: limit }, print);
          if (price === null) return !limitCrossedBy(side, limit, print);
          return price === print && (side === 'long' ? price <= limit : price >= limit);
        },
      ),
    );
  });
});

describe('a resting limit filled out of its hold', () => {
  const holdAt = (
    instrument: Instrument,
    side: PositionSide,
    limit: bigint,
    qty: bigint,
    leverage: number,
  ) =>
    requiredMargin(instrument, limit, qty, leverage) +
    computeFees(instrument.market, side === 'long' ? 'buy' : 'sell', limit, qty).total;

  it('a long filled below its limit takes the fill’s margin and fees; the rest of the hold is left over', () => {
    const hold = holdAt(apple, 'long', usd('230.00'), 10n, 1);
    const { margin, fees } = fillFromHold(
      apple,
      { side: 'long', qty: 10n, leverage: 1, hold },
      usd('228.00'),
    );
    expect([margin, fees.total]).toEqual([
      228_000n,
      computeFees('US', 'buy', usd('228.00'), 10n).total,
    ]);
    expect(hold - margin - fees.total).toBeGreaterThan(0n);
  });

  it('a short filled above its limit never needs more than its hold', () => {
    const hold = holdAt(toyota, 'short', yen('2900'), 100n, 1);
    const { margin, fees } = fillFromHold(
      toyota,
      { side: 'short', qty: 100n, leverage: 1, hold },
      yen('2905'),
    );
    expect(margin + fees.total).toBe(hold);
  });

  it('margin and fees never exceed the hold, on either side (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PositionSide>('long', 'short'),
        fc.integer({ min: 100, max: 40_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 5 }),
        (side, limitYen, gapYen, leverage) => {
          const limit = yen(String(limitYen));
          const fill =
            side === 'long'
              ? limit - yen(String(Math.min(gapYen, limitYen - 1)))
              : limit + yen(String(gapYen));
          const hold = holdAt(toyota, side, limit, 100n, leverage);
          const { margin, fees } = fillFromHold(toyota, { side, qty: 100n, leverage, hold }, fill);
          return margin > 0n && margin + fees.total <= hold;
        },
      ),
    );
  });
});
