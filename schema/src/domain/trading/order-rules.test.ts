import { describe, expect, it } from 'vitest';
import { findInstrument, type Instrument } from '../market/instruments.ts';
import { parseScaledPrice } from '../market/prices.ts';
import {
  checkOrder,
  marginState,
  realisedPnl,
  requiredMargin,
  type MarketContext,
  type OrderRequest,
} from './order-rules.ts';

const toyota = findInstrument('7203') as Instrument;
const apple = findInstrument('AAPL') as Instrument;
const star = findInstrument('688256') as Instrument;
const yen = (t: string) => parseScaledPrice(t, 'JP');
const open: MarketContext = {
  phase: 'continuous',
  lastPrice: yen('2850'),
  limits: { up: yen('3350'), down: yen('2350') },
};
const order = (patch: Partial<OrderRequest> = {}): OrderRequest => ({
  side: 'long',
  kind: 'limit',
  price: yen('2850'),
  qty: 100n,
  leverage: 2,
  ...patch,
});

describe('order checks', () => {
  it('accepts a well-formed order', () => {
    expect(checkOrder(toyota, order(), open)).toBeNull();
    expect(checkOrder(toyota, order({ kind: 'market', price: null }), open)).toBeNull();
  });

  it.each([
    ['outside_trading_hours', order(), { ...open, phase: 'lunch' as const }],
    ['price_unavailable', order(), { ...open, lastPrice: null }],
    ['tick_size_invalid', order({ price: yen('2850.3') }), open],
    ['price_limit_exceeded', order({ price: yen('3351') }), open],
    ['price_limit_exceeded', order({ price: yen('2349.5') }), open],
    ['qty_invalid', order({ qty: 150n }), open],
    ['qty_invalid', order({ qty: 0n }), open],
    ['leverage_invalid', order({ leverage: 6 }), open],
    ['leverage_invalid', order({ leverage: 0 }), open],
  ])('refuses with %s', (key, request, market) => {
    expect(checkOrder(toyota, request, market)).toBe(key);
  });

  it('refuses shorting a name off the lending list, leverage above a growth board’s cap, and indices', () => {
    const starContext: MarketContext = {
      phase: 'continuous',
      lastPrice: parseScaledPrice('600.00', 'CN'),
      limits: null,
    };
    expect(
      checkOrder(
        star,
        { side: 'short', kind: 'market', price: null, qty: 200n, leverage: 1 },
        starContext,
      ),
    ).toBe('not_shortable');
    expect(
      checkOrder(
        star,
        { side: 'long', kind: 'market', price: null, qty: 200n, leverage: 3 },
        starContext,
      ),
    ).toBe('leverage_invalid');
    expect(
      checkOrder(
        star,
        { side: 'long', kind: 'market', price: null, qty: 201n, leverage: 1 },
        starContext,
      ),
    ).toBeNull();
    expect(checkOrder(findInstrument('IDX:N225') as Instrument, order(), open)).toBe('cannot_buy');
  });
});

describe('margin and profit', () => {
  it('margin is the notional over the leverage, rounded up to the minor unit', () => {
    expect(requiredMargin(toyota, yen('2850.5'), 100n, 3)).toBe(95_017n); // ¥285,050 / 3 = 95,016.67
    expect(requiredMargin(apple, parseScaledPrice('230.01', 'US'), 7n, 5)).toBe(32_202n); // $1,610.07 / 5 = $322.014 → $322.02
  });

  it('P&L is exact in JPY, USD and CNY, negative for a short that rose, never rounding a fraction up', () => {
    expect(realisedPnl(toyota, 'long', yen('2850'), yen('2900.5'), 100n)).toBe(5_050n);
    expect(realisedPnl(toyota, 'short', yen('2850'), yen('2900.5'), 100n)).toBe(-5_050n);
    expect(realisedPnl(toyota, 'long', yen('999.9'), yen('1000.5'), 1n)).toBe(0n); // ¥0.6 is not credited
    expect(
      realisedPnl(
        apple,
        'long',
        parseScaledPrice('230.00', 'US'),
        parseScaledPrice('231.25', 'US'),
        10n,
      ),
    ).toBe(1_250n);
    const moutai = findInstrument('600519') as Instrument;
    expect(
      realisedPnl(
        moutai,
        'short',
        parseScaledPrice('1450.00', 'CN'),
        parseScaledPrice('1440.50', 'CN'),
        100n,
      ),
    ).toBe(95_000n);
  });
});

describe('margin state', () => {
  // 100 × 7203 long at ¥2,850 ×5: margin ¥57,000 (20% of ¥285,000).
  const position = { side: 'long' as const, qty: 100n, openPrice: yen('2850'), margin: 57_000n };
  it('is fine at 2× on a small loss, a margin call below 20% equity, a stop-out below 10%', () => {
    expect(marginState(toyota, { ...position, margin: 142_500n }, yen('2800'))).toBe('ok');
    expect(marginState(toyota, position, yen('2840'))).toBe('margin_call'); // equity 56,000 < 20% of 284,000
    expect(marginState(toyota, position, yen('2600'))).toBe('margin_call'); // equity 32,000 ≥ 10% of 260,000
    expect(marginState(toyota, position, yen('2540'))).toBe('margin_call'); // equity 26,000 ≥ 10% of 254,000
    expect(marginState(toyota, position, yen('2530'))).toBe('stop_out'); // equity 25,000 < 10% of 253,000
    expect(marginState(toyota, { ...position, side: 'short' }, yen('3170'))).toBe('stop_out'); // equity 25,000 < 31,700
  });
});
