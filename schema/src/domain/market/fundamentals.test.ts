import { describe, expect, it } from 'vitest';
import { fundamentalsAt, simulatedFundamentals } from './fundamentals.ts';
import { allInstruments, findInstrument, type Instrument } from './instruments.ts';

const stocks = () => allInstruments().filter((i) => i.kind === 'stock');
const toyota = () => findInstrument('7203') as Instrument;

describe('simulated fundamentals', () => {
  it('every stock of the catalogue has them, drawn from its symbol: the same on every call', () => {
    for (const stock of stocks()) {
      const figures = simulatedFundamentals(stock);
      expect(figures, stock.symbol).not.toBeNull();
      expect(simulatedFundamentals(stock)).toEqual(figures);
      expect(figures!.sharesOutstanding).toBeGreaterThanOrEqual(1_000_000n);
    }
    const index = allInstruments().find((i) => i.kind === 'index');
    expect(index && simulatedFundamentals(index)).toBeNull();
  });

  it('at the reference price: PER between 8 and 40 for earners, the catalogue’s dividend yield', () => {
    let losses = 0;
    for (const stock of stocks()) {
      const at = fundamentalsAt(stock, stock.referencePrice)!;
      if (at.per === null) {
        losses += 1;
        expect(Number(at.eps), stock.symbol).toBeLessThan(0);
      } else {
        expect(Number(at.per), stock.symbol).toBeGreaterThanOrEqual(7.99);
        expect(Number(at.per), stock.symbol).toBeLessThanOrEqual(40.01);
      }
      expect(Number(at.dividend_yield)).toBeCloseTo(stock.dividendYieldBp / 100, 1);
    }
    // Some loss-makers, never most.
    expect(losses).toBeGreaterThan(0);
    expect(losses).toBeLessThan(stocks().length / 4);
  });

  it('market value is exactly price × shares; PER moves with the price and the yield against it', () => {
    const stock = toyota();
    const shares = simulatedFundamentals(stock)!.sharesOutstanding;
    // ¥2,850.0 at JP's price scale (tenths of a yen).
    const at = fundamentalsAt(stock, 28_500n)!;
    expect(BigInt(at.market_value)).toBe(2_850n * shares);
    expect(at.shares_outstanding).toBe(shares.toString());
    const doubled = fundamentalsAt(stock, 57_000n)!;
    expect(BigInt(doubled.market_value)).toBe(2n * BigInt(at.market_value));
    if (at.per !== null) expect(Number(doubled.per)).toBeCloseTo(2 * Number(at.per), 1);
    expect(Number(doubled.dividend_yield)).toBeCloseTo(Number(at.dividend_yield) / 2, 1);
    expect(doubled.eps).toBe(at.eps);
  });

  it('the PER shown is the price over the EPS shown, for every stock', () => {
    for (const stock of stocks()) {
      const at = fundamentalsAt(stock, stock.referencePrice)!;
      if (at.per === null) continue;
      const price =
        Number(stock.referencePrice) /
        10 ** (stock.market === 'JP' ? 1 : stock.market === 'US' ? 4 : 2);
      expect(Math.abs(Number(at.per) - price / Number(at.eps)), stock.symbol).toBeLessThan(0.006);
    }
  });

  it('no figures at a zero price', () => {
    expect(fundamentalsAt(toyota(), 0n)).toBeNull();
  });
});
