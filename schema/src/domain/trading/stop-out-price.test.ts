import { describe, expect, it } from 'vitest';
import { findInstrument, type Instrument } from '../market/instruments.ts';
import { marginState } from './order-rules.ts';
import { stopOutPrice } from './stop-out-price.ts';

const toyota = findInstrument('7203') as Instrument; // JP: price unit ¥0.1, stop-out 10%
const apple = findInstrument('AAPL') as Instrument; // US: price unit $0.0001, stop-out 12%

describe('the stop-out price reads the whole margin, added credit included', () => {
  it('long 100 × ¥2,000.0 at margin ¥40,000: stopped out below ¥1,777.7; + ¥9,000 credit moves it down by exactly ¥100 = 9,000 / (100 × 0.9) to ¥1,677.7', () => {
    const position = { side: 'long' as const, qty: 100n, openPrice: 20_000n, margin: 40_000n };
    const before = stopOutPrice(toyota, position);
    const after = stopOutPrice(toyota, { ...position, margin: 49_000n });
    expect(before).toBe(17_777n);
    expect(after).toBe(16_777n);
    expect((before ?? 0n) - (after ?? 0n)).toBe(1_000n); // ¥100.0 in ¥0.1 units
  });

  it('short 100 × $230.0000 at margin $4,600.00: stopped out above $246.4286; + $1,120 credit moves it up by exactly $10 = 1,120 / (100 × 1.12) to $256.4286', () => {
    const position = { side: 'short' as const, qty: 100n, openPrice: 2_300_000n, margin: 460_000n };
    const before = stopOutPrice(apple, position);
    const after = stopOutPrice(apple, { ...position, margin: 460_000n + 112_000n });
    expect(before).toBe(2_464_286n);
    expect(after).toBe(2_564_286n);
    expect((after ?? 0n) - (before ?? 0n)).toBe(100_000n); // $10.0000 in $0.0001 units
  });

  it('agrees with the margin state: stop_out at the price, not one price unit on the safe side (long and short, before and after the credit)', () => {
    const cases = [
      { instrument: toyota, side: 'long' as const, qty: 100n, openPrice: 20_000n, margin: 40_000n },
      { instrument: toyota, side: 'long' as const, qty: 100n, openPrice: 20_000n, margin: 49_000n },
      {
        instrument: apple,
        side: 'short' as const,
        qty: 100n,
        openPrice: 2_300_000n,
        margin: 460_000n,
      },
      {
        instrument: apple,
        side: 'short' as const,
        qty: 100n,
        openPrice: 2_300_000n,
        margin: 572_000n,
      },
      {
        instrument: apple,
        side: 'short' as const,
        qty: 10n,
        openPrice: 2_300_000n,
        margin: 46_000n,
      },
    ];
    for (const { instrument, ...position } of cases) {
      const price = stopOutPrice(instrument, position) as bigint;
      const safer = position.side === 'long' ? price + 1n : price - 1n;
      expect(marginState(instrument, position, price)).toBe('stop_out');
      expect(marginState(instrument, position, safer)).not.toBe('stop_out');
    }
  });

  it('a long whose margin covers its whole cost (×1: ¥200,000 for 100 × ¥2,000) is never stopped out', () => {
    const position = { side: 'long' as const, qty: 100n, openPrice: 20_000n, margin: 200_000n };
    expect(stopOutPrice(toyota, position)).toBeNull();
  });
});
