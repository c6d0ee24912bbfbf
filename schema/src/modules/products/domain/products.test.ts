import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageDailyReturnMicro,
  bookValue,
  dailyVolatility,
  equalWeights,
  followRefusal,
  followShortfallBound,
  formatMicroPercent,
  formatNav,
  formatUnits,
  lockupEndDate,
  lowVolWeights,
  maxDrawdownMicro,
  momentumWeights,
  navHistory,
  navFromBook,
  openingNav,
  orderDisplayState,
  pairWeights,
  redeemRefusal,
  specOrderStatus,
  strikeBook,
  targetWeights,
  tradeCash,
  UNIT_NAV_SCALE,
  unitsForAmountDown,
  valueOfUnitsDown,
  type Book,
  type NavPoint,
  type ClosePrices,
  type Strike,
  type Weights,
} from './index.ts';

const yen = (n: number) => ({ num: BigInt(n), den: 1n });
const series = (values: number[]) => values.map((v) => BigInt(v));
const ramp = (from: number, step: number, n: number) =>
  Array.from({ length: n }, (_, i) => from + step * i);

describe('NAV arithmetic (exact integers, down, in the holder’s disfavour)', () => {
  it('opens at 1.0000 per unit and formats NAVs and units exactly', () => {
    expect(openingNav(0)).toBe(10_000n);
    expect(formatNav(openingNav(0), 0)).toBe('1.0000');
    expect(formatNav(12_345n, 0)).toBe('1.2345');
    expect(formatNav(1_234_567n, 2)).toBe('1.2345');
    expect(formatNav(5n, 0)).toBe('0.0005');
    expect(formatUnits(1_000_000_000n)).toBe('100000.0000');
    expect(formatUnits(7n)).toBe('0.0007');
  });

  it('¥100,000 at NAV 1.0000 is 100,000.0000 units; at 1.2345 it is 81,004.4552 units worth ¥99,999 (short by < ¥1)', () => {
    expect(unitsForAmountDown(100_000n, 10_000n)).toBe(1_000_000_000n);
    const units = unitsForAmountDown(100_000n, 12_345n);
    expect(units).toBe(810_044_552n);
    expect(valueOfUnitsDown(units, 12_345n)).toBe(99_999n);
  });

  it('strikes the NAV down from the book: ¥1,000,001 over 1,000,000 units is 1.0000 (not 1.0001)', () => {
    expect(navFromBook(1_000_001n, 10_000_000_000n)).toBe(10_000n);
    expect(navFromBook(1_000_100n, 10_000_000_000n)).toBe(10_001n);
    expect(() => navFromBook(1n, 0n)).toThrow(RangeError);
    expect(() => navFromBook(-1n, 1n)).toThrow(RangeError);
  });

  it('loses a holder less than one minor unit per follow or redemption while the NAV is at most 10,000 per unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: UNIT_NAV_SCALE }),
        (amount, nav) => {
          const units = unitsForAmountDown(amount, nav);
          const shortfall = amount * UNIT_NAV_SCALE - units * nav; // exact, in minor units × UNIT_NAV_SCALE
          expect(shortfall >= 0n).toBe(true);
          expect(shortfall < UNIT_NAV_SCALE * followShortfallBound(nav)).toBe(true);
          const paid = valueOfUnitsDown(units, nav);
          expect(paid <= amount).toBe(true);
          expect(amount - paid <= 1n).toBe(true);
        },
      ),
    );
  });

  it('averages daily returns, measures the largest drawdown and formats them as percents', () => {
    expect(averageDailyReturnMicro([10_000n, 10_100n, 9_999n])).toBe(0n); // +1%, −1% (exactly −0.99999…%)
    expect(averageDailyReturnMicro([10_000n, 10_100n, 10_201n])).toBe(10_000n);
    expect(averageDailyReturnMicro([10_000n])).toBe(0n);
    expect(maxDrawdownMicro([10_000n, 12_000n, 9_000n, 11_000n, 8_400n])).toBe(300_000n);
    expect(maxDrawdownMicro([10_000n, 10_001n])).toBe(0n);
    expect(formatMicroPercent(10_000n)).toBe('1.00');
    expect(formatMicroPercent(-500n)).toBe('-0.05');
    expect(formatMicroPercent(300_000n)).toBe('30.00');
  });
});

describe('strategies (daily closes → target weights in basis points)', () => {
  it('equal weights round down to whole basis points', () => {
    expect(equalWeights(['A', 'B', 'C'])).toEqual({ A: 3_333, B: 3_333, C: 3_333 });
    expect(equalWeights([])).toEqual({});
  });

  it('momentum holds the best three 60-day risers whose 20-day average is above the 60-day one, else cash', () => {
    const closes = {
      UP1: series(ramp(100, 1, 60)),
      UP2: series(ramp(100, 2, 60)),
      UP3: series(ramp(100, 3, 60)),
      UP4: series(ramp(100, 0.5, 60).map(Math.round)),
      DOWN: series(ramp(300, -1, 60)),
      SHORT: series(ramp(100, 5, 59)),
    };
    expect(momentumWeights(closes, Object.keys(closes))).toEqual({
      UP3: 3_333,
      UP2: 3_333,
      UP1: 3_333,
    });
    expect(momentumWeights({ DOWN: closes.DOWN }, ['DOWN'])).toEqual({});
    expect(momentumWeights({ SHORT: closes.SHORT }, ['SHORT'])).toEqual({});
  });

  it('the pair tilts towards the name that is cheap against the other, 50/50 otherwise', () => {
    const flat = series(Array(20).fill(100));
    const aRich = series([...Array(19).fill(100), 130]);
    const aCheap = series([...Array(19).fill(100), 70]);
    const wobble = series(ramp(100, 0, 20).map((v, i) => v + (i % 2)));
    expect(pairWeights({ A: aRich, B: flat }, ['A', 'B'])).toEqual({ A: 2_500, B: 7_500 });
    expect(pairWeights({ A: aCheap, B: flat }, ['A', 'B'])).toEqual({ A: 7_500, B: 2_500 });
    expect(pairWeights({ A: wobble, B: flat }, ['A', 'B'])).toEqual({ A: 5_000, B: 5_000 });
    expect(pairWeights({ A: flat.slice(1), B: flat }, ['A', 'B'])).toEqual({});
  });

  it('low volatility holds the three calmest names', () => {
    const zigzag = (amp: number) =>
      series(Array.from({ length: 61 }, (_, i) => 1_000 + (i % 2 === 0 ? amp : -amp)));
    const closes = {
      Z1: zigzag(1),
      Z5: zigzag(5),
      Z9: zigzag(9),
      Z50: zigzag(50),
      NEW: zigzag(0).slice(1),
    };
    expect(dailyVolatility(closes.Z1, 60)).toBeLessThan(dailyVolatility(closes.Z5, 60));
    expect(lowVolWeights(closes, Object.keys(closes))).toEqual({ Z1: 3_333, Z5: 3_333, Z9: 3_333 });
    expect(targetWeights({ kind: 'low_vol', universe: ['Z50', 'Z9'] }, closes)).toEqual({
      Z9: 5_000,
      Z50: 5_000,
    });
  });
});

describe('follow and redeem rules', () => {
  const product = { status: 'open' as const, deadlineMs: 1_000, minAmount: 100_000n };

  it('refuses in the contract order: unavailable, past the deadline, below the minimum', () => {
    expect(followRefusal(undefined, 100_000n, 0)).toBe('product_unavailable');
    expect(followRefusal({ ...product, status: 'closed' }, 100_000n, 0)).toBe(
      'product_unavailable',
    );
    expect(followRefusal({ ...product, status: 'draft' }, 100_000n, 0)).toBe('product_unavailable');
    expect(followRefusal(product, 1n, 1_001)).toBe('follow_deadline_passed');
    expect(followRefusal(product, 99_999n, 1_000)).toBe('product_min_amount');
    expect(followRefusal(product, 100_000n, 1_000)).toBeNull();
  });

  it('locks up for calendar days from the strike and refuses redeeming inside it or twice', () => {
    expect(lockupEndDate('2026-11-27', 7)).toBe('2026-12-04');
    expect(lockupEndDate('2026-12-30', 3)).toBe('2027-01-02');
    expect(() => lockupEndDate('2026-11-27', -1)).toThrow(RangeError);
    const following = { status: 'following' as const, lockupEnd: '2026-12-04' };
    expect(redeemRefusal(following, '2026-12-03')).toBe('lockup_active');
    expect(redeemRefusal(following, '2026-12-04')).toBeNull();
    expect(redeemRefusal({ status: 'pending', lockupEnd: null }, '2027-01-01')).toBe(
      'lockup_active',
    );
    for (const status of ['redeeming', 'redeemed', 'ended'] as const) {
      expect(redeemRefusal({ status, lockupEnd: '2026-12-04' }, '2027-01-01')).toBe(
        'order_not_holding',
      );
    }
    expect(orderDisplayState(following, '2026-12-03')).toBe('locked_up');
    expect(orderDisplayState(following, '2026-12-04')).toBe('following');
    expect(specOrderStatus('pending')).toBe(0);
    expect(specOrderStatus('following')).toBe(1);
    expect(specOrderStatus('ended')).toBe(2);
  });
});

describe('strikeBook', () => {
  it('issues units to a first follow at the opening NAV and invests it to the weights in whole shares', () => {
    const book: Book = { cash: 0n, holdings: {}, units: 0n, nav: openingNav(0) };
    const strike = strikeBook(
      book,
      { A: yen(1_000), B: yen(3_000) },
      { A: 5_000, B: 5_000 },
      [{ orderId: 'o1', amount: 100_000n }],
      [],
    );
    expect(strike.nav).toBe(10_000n);
    expect(strike.issued).toEqual([{ orderId: 'o1', units: 1_000_000_000n, amount: 100_000n }]);
    expect(strike.book.holdings).toEqual({ A: 50n, B: 16n });
    expect(strike.book.cash).toBe(100_000n - 50_000n - 48_000n);
    expect(bookValue(strike.book, { A: yen(1_000), B: yen(3_000) })).toBe(100_000n);
  });

  it('the next close strikes the NAV from the marked book and pays a redemption at it, selling to fund it', () => {
    const book: Book = {
      cash: 2_000n,
      holdings: { A: 50n, B: 16n },
      units: 1_000_000_000n,
      nav: 10_000n,
    };
    const closes = { A: yen(1_100), B: yen(3_000) }; // book worth 2,000 + 55,000 + 48,000 = 105,000
    const strike = strikeBook(
      book,
      closes,
      { A: 5_000, B: 5_000 },
      [],
      [{ orderId: 'o1', units: 400_000_000n }],
    );
    expect(strike.nav).toBe(10_500n);
    expect(strike.paid).toEqual([{ orderId: 'o1', units: 400_000_000n, amount: 42_000n }]);
    expect(strike.book.units).toBe(600_000_000n);
    expect(strike.book.cash >= 0n).toBe(true);
    expect(bookValue(strike.book, closes)).toBe(105_000n - 42_000n);
  });
});

describe('strikeBook trades at the change of the mark', () => {
  it('sells a holding in pieces for exactly its mark, so sales always cover what is owed', () => {
    // A at 1/4, B at 2/4 minor units a share: 12 A mark 3, 8 B mark 4; book ¥7 over 7 units
    const closes = { A: { num: 1n, den: 4n }, B: { num: 2n, den: 4n } };
    const book: Book = { cash: 0n, holdings: { A: 12n, B: 8n }, units: 70_000n, nav: 10_000n };
    const strike = strikeBook(
      book,
      closes,
      { A: 2_500, B: 5_000 },
      [],
      [{ orderId: 'r', units: 60_200n }],
    );
    expect(strike.paid[0]?.amount).toBe(6n);
    expect(strike.trades).toEqual([
      { symbol: 'A', shares: -11n, cash: -3n }, // 12 → 1 share: mark 3 → 0 (⌊11 × ¼⌋ would be 2)
      { symbol: 'B', shares: -7n, cash: -4n },
    ]);
    expect(strike.book.cash).toBe(1n);
    expect(bookValue(strike.book, closes)).toBe(1n);
    expect(tradeCash(closes.A, 4n, -2n)).toBe(-1n); // 4 × ¼ = 1 → 2 × ¼ = 0
    expect(tradeCash(closes.A, 2n, -2n)).toBe(0n); // so the two halves of 4 shares yield exactly its mark, 1
  });
});

/**
 * The conservation property: random holders follow and redeem over a random price path. Money
 * moves only between the holders' cash, their holds (pending follows), the product's book, the
 * payable (redemptions owed) and the market (the other side of the book's trades), so their sum
 * never changes by a minor unit; every follow and redemption is valued at the struck NAV, rounded
 * against the holder by less than one minor unit that stays in the book; the book always covers
 * every holder at the NAV it strikes; at the end everyone redeems and the book is left with
 * nothing negative.
 */
const investedAfter = (s: Strike) =>
  s.valueBefore +
  s.issued.reduce((a, f) => a + f.amount, 0n) -
  s.paid.reduce((a, p) => a + p.amount, 0n);

describe('NAV accounting conserves value exactly (fast-check)', () => {
  const symbols = ['A', 'B', 'C'];
  const day = fc.record({
    moves: fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 3, maxLength: 3 }), // per-mille
    weights: fc.array(fc.integer({ min: 0, max: 3_333 }), { minLength: 3, maxLength: 3 }),
    follows: fc.array(
      fc.record({ holder: fc.nat(3), amount: fc.bigInt({ min: 1n, max: 5_000_000n }) }),
      { maxLength: 3 },
    ),
    redeems: fc.array(fc.record({ holder: fc.nat(3), part: fc.integer({ min: 1, max: 100 }) }), {
      maxLength: 2,
    }),
  });

  it('over random follows, redemptions and price paths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 100 }), // price denominator (prices with decimals)
        fc.array(day, { minLength: 1, maxLength: 25 }),
        (startPrices, den, days) => {
          const cash = [10_000_000n, 10_000_000n, 10_000_000n, 10_000_000n];
          const units = [0n, 0n, 0n, 0n];
          let holds = 0n;
          let payable: Array<{ holder: number; amount: bigint }> = [];
          let market = 0n;
          const total = () =>
            cash.reduce((a, b) => a + b, 0n) +
            holds +
            payable.reduce((a, p) => a + p.amount, 0n) +
            book.cash +
            market;
          let book: Book = { cash: 0n, holdings: {}, units: 0n, nav: openingNav(0) };
          const prices = startPrices.map((p) => BigInt(p));
          const initial = total();
          const closesNow = (): ClosePrices =>
            Object.fromEntries(
              symbols.map((s, i) => [s, { num: prices[i] as bigint, den: BigInt(den) }]),
            );

          const strike = (
            follows: Array<{ holder: number; amount: bigint }>,
            redeems: Array<{ holder: number; units: bigint }>,
            weights: Weights,
          ) => {
            const closes = closesNow();
            const result = strikeBook(
              book,
              closes,
              weights,
              follows.map((f, i) => ({ orderId: `f${i}`, amount: f.amount })),
              redeems.map((r, i) => ({ orderId: `r${i}`, units: r.units })),
            );
            // the book covers every unit outstanding before at the NAV it strikes
            expect(book.units * result.nav <= result.valueBefore * UNIT_NAV_SCALE).toBe(true);
            result.issued.forEach((issue, i) => {
              const follow = follows[i] as { holder: number; amount: bigint };
              const shortfall = issue.amount * UNIT_NAV_SCALE - issue.units * result.nav;
              expect(shortfall >= 0n && shortfall < UNIT_NAV_SCALE).toBe(true);
              holds -= issue.amount;
              units[follow.holder] = (units[follow.holder] as bigint) + issue.units;
            });
            result.paid.forEach((pay, i) => {
              const redeem = redeems[i] as { holder: number; units: bigint };
              const shortfall = pay.units * result.nav - pay.amount * UNIT_NAV_SCALE;
              expect(shortfall >= 0n && shortfall < UNIT_NAV_SCALE).toBe(true);
              payable.push({ holder: redeem.holder, amount: pay.amount });
            });
            for (const trade of result.trades) market += trade.cash;
            book = result.book;
            // trades at the close move no value: the book is worth exactly what it was, plus follows, less what it owes
            expect(bookValue(book, closes)).toBe(investedAfter(result));
            // after follows and redemptions the book still covers every unit at the struck NAV
            expect(book.units * result.nav <= investedAfter(result) * UNIT_NAV_SCALE).toBe(true);
            expect(book.cash >= 0n).toBe(true);
            for (const shares of Object.values(book.holdings)) expect(shares > 0n).toBe(true);
            expect(book.units).toBe(units.reduce((a, b) => a + b, 0n));
            expect(result.nav <= UNIT_NAV_SCALE).toBe(true); // keeps the < 1 minor unit bound meaningful
            expect(total()).toBe(initial);
          };

          for (const d of days) {
            // pay yesterday's redemptions (the next business day)
            for (const p of payable) cash[p.holder] = (cash[p.holder] as bigint) + p.amount;
            payable = [];
            expect(total()).toBe(initial);
            d.moves.forEach((m, i) => {
              const next = ((prices[i] as bigint) * BigInt(1_000 + m)) / 1_000n;
              prices[i] = next < 1n ? 1n : next;
            });
            const follows = d.follows
              .filter((f) => (cash[f.holder] as bigint) >= f.amount)
              .map((f) => {
                cash[f.holder] = (cash[f.holder] as bigint) - f.amount;
                holds += f.amount;
                return f;
              });
            const redeems: Array<{ holder: number; units: bigint }> = [];
            const asked = new Set<number>();
            for (const r of d.redeems) {
              const held = units[r.holder] as bigint;
              if (held === 0n || asked.has(r.holder)) continue;
              asked.add(r.holder);
              const part = (held * BigInt(r.part)) / 100n || held;
              units[r.holder] = held - part;
              redeems.push({ holder: r.holder, units: part });
            }
            expect(total()).toBe(initial);
            strike(
              follows,
              redeems,
              Object.fromEntries(symbols.map((s, i) => [s, d.weights[i] as number])),
            );
          }
          // everyone redeems at the last close; the book is left with its roundings, nothing negative
          const all = units.map((u, holder) => ({ holder, units: u })).filter((r) => r.units > 0n);
          for (const r of all) units[r.holder] = 0n;
          strike([], all, {});
          for (const p of payable) cash[p.holder] = (cash[p.holder] as bigint) + p.amount;
          payable = [];
          expect(book.units).toBe(0n);
          expect(holds).toBe(0n);
          expect(book.cash >= 0n).toBe(true);
          expect(total()).toBe(initial);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('navHistory (the strategy run on a seed from the first day)', () => {
  const dates = Array.from(
    { length: 80 },
    (_, i) => `2026-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, '0')}`,
  );
  const daysOf = (price: (symbol: string, i: number) => number) =>
    dates.map((date, i) => ({
      date,
      closes: Object.fromEntries(
        ['A', 'B', 'C'].map((s) => [s, { num: BigInt(price(s, i)), den: 10n }]),
      ),
    }));

  it('stays at exactly 1.0000 on flat prices, whatever the strategy holds', () => {
    for (const kind of ['momentum', 'pair', 'low_vol'] as const) {
      const history = navHistory(
        { kind, universe: ['A', 'B', 'C'] },
        daysOf(() => 12_345),
        10_000_000n,
        0,
      );
      expect(history).toHaveLength(80);
      expect(new Set(history.map((p) => p.nav))).toEqual(new Set([10_000n]));
    }
  });

  it('a momentum basket on rising names rises once it is invested (after 60 closes), and never before', () => {
    const history = navHistory(
      { kind: 'momentum', universe: ['A', 'B', 'C'] },
      daysOf((s, i) => 10_000 + i * (s === 'A' ? 50 : 20)),
      10_000_000n,
      0,
    );
    expect(history.slice(0, 60).every((p) => p.nav === 10_000n)).toBe(true); // cash until the 60th close
    expect((history[79] as NavPoint).nav > 10_000n).toBe(true);
    expect(maxDrawdownMicro(history.map((p) => p.nav))).toBe(0n);
  });

  it('the low-volatility basket invested on day 61 follows its names down', () => {
    const history = navHistory(
      { kind: 'low_vol', universe: ['A', 'B', 'C'] },
      daysOf((s, i) =>
        i <= 61 ? 10_000 + (i % 2) * (s === 'C' ? 500 : 10) : 10_000 - (i - 61) * 20,
      ),
      10_000_000n,
      0,
    );
    expect((history[79] as NavPoint).nav < (history[61] as NavPoint).nav).toBe(true);
    expect(maxDrawdownMicro(history.map((p) => p.nav)) > 0n).toBe(true);
  });
});
