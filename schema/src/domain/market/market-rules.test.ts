import { describe, expect, it } from 'vitest';
import { isOnTick, roundToTick, stepTicks, tickSizeAt } from './tick-size.ts';
import { dailyLimits, tseLimitWidth } from './price-limits.ts';
import { BOARD_RULES } from './rules.ts';
import { parseScaledPrice } from './prices.ts';

// The tables exactly as MARKET-RULES.md prints them (yen, dollars, yuan), independent of how the
// implementation stores them. `null` = the open-ended last row.
const TSE_TOPIX500_DOC: Array<[number | null, string]> = [
  [1_000, '0.1'],
  [3_000, '0.5'],
  [5_000, '1'],
  [10_000, '1'],
  [30_000, '5'],
  [50_000, '10'],
  [100_000, '10'],
  [300_000, '50'],
  [500_000, '100'],
  [1_000_000, '100'],
  [3_000_000, '500'],
  [5_000_000, '1000'],
  [10_000_000, '1000'],
  [30_000_000, '5000'],
  [50_000_000, '10000'],
  [null, '10000'],
];
const TSE_OTHER_DOC: Array<[number | null, string]> = [
  [1_000, '1'],
  [3_000, '1'],
  [5_000, '5'],
  [10_000, '10'],
  [30_000, '10'],
  [50_000, '50'],
  [100_000, '100'],
  [300_000, '100'],
  [500_000, '500'],
  [1_000_000, '1000'],
  [3_000_000, '1000'],
  [5_000_000, '5000'],
  [10_000_000, '10000'],
  [30_000_000, '10000'],
  [50_000_000, '50000'],
  [null, '100000'],
];
const TSE_LIMITS_DOC: Array<[number, number]> = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
];

const yen = (text: string) => parseScaledPrice(text, 'JP');

describe('TSE tick sizes at every band edge', () => {
  for (const [name, table, doc] of [
    ['table 03 (TOPIX500)', 'tse_topix500', TSE_TOPIX500_DOC],
    ['table 01 (other issues)', 'tse_other', TSE_OTHER_DOC],
  ] as const) {
    it(`${name}: the upper edge of each row uses that row's tick, the next price the next row's`, () => {
      doc.forEach(([upTo, tick], index) => {
        if (upTo === null) {
          expect(tickSizeAt(table, yen('99999999999'))).toBe(yen(tick));
          return;
        }
        expect(tickSizeAt(table, yen(String(upTo)))).toBe(yen(tick));
        const next = doc[index + 1];
        if (next) expect(tickSizeAt(table, yen(String(upTo)) + 1n)).toBe(yen(next[1]));
      });
    });
  }

  it('prices off the grid are refused and rounded to the grid, across the ¥1,000 edge', () => {
    expect(isOnTick('tse_topix500', yen('999.9'))).toBe(true);
    expect(isOnTick('tse_topix500', yen('1000.1'))).toBe(false);
    expect(isOnTick('tse_topix500', yen('1000.5'))).toBe(true);
    expect(isOnTick('tse_other', yen('3005'))).toBe(true);
    expect(isOnTick('tse_other', yen('3003'))).toBe(false);
    expect(roundToTick('tse_topix500', yen('1000.3'), 'nearest')).toBe(yen('1000.5'));
    expect(roundToTick('tse_topix500', yen('1000.2'), 'down')).toBe(yen('1000'));
    expect(stepTicks('tse_topix500', yen('1000'), 1)).toBe(yen('1000.5'));
    expect(stepTicks('tse_topix500', yen('1000'), -1)).toBe(yen('999.9'));
  });
});

describe('US and China tick sizes', () => {
  it('Reg NMS 612: $0.01 from $1.00, $0.0001 below', () => {
    expect(tickSizeAt('us_reg_nms', parseScaledPrice('1.00', 'US'))).toBe(
      parseScaledPrice('0.01', 'US'),
    );
    expect(tickSizeAt('us_reg_nms', parseScaledPrice('0.9999', 'US'))).toBe(
      parseScaledPrice('0.0001', 'US'),
    );
    expect(isOnTick('us_reg_nms', parseScaledPrice('230.125', 'US'))).toBe(false);
    expect(isOnTick('us_reg_nms', parseScaledPrice('0.5123', 'US'))).toBe(true);
  });

  it('A shares: CNY 0.01 everywhere', () => {
    expect(tickSizeAt('cn_a_share', parseScaledPrice('1688.88', 'CN'))).toBe(1n);
  });
});

describe('daily price limits', () => {
  it('TSE: every band edge of the yen table', () => {
    TSE_LIMITS_DOC.forEach(([below, limit], index) => {
      expect(tseLimitWidth(yen(String(below - 1)))).toBe(yen(String(limit)));
      const next = TSE_LIMITS_DOC[index + 1];
      expect(tseLimitWidth(yen(String(below)))).toBe(yen(String(next ? next[1] : 10_000_000)));
    });
  });

  it('TSE: limits are base ± width; the lower limit never reaches zero', () => {
    expect(dailyLimits({ kind: 'tse_yen_bands' }, 'tse_other', yen('2800'))).toEqual({
      up: yen('3300'),
      down: yen('2300'),
    });
    expect(dailyLimits({ kind: 'tse_yen_bands' }, 'tse_other', yen('20'))).toEqual({
      up: yen('50'),
      down: yen('1'),
    });
  });

  it('China: ±10% main board, ±20% STAR/ChiNext, half up to the fen', () => {
    const cny = (text: string) => parseScaledPrice(text, 'CN');
    expect(dailyLimits(BOARD_RULES.sse_main.priceLimit, 'cn_a_share', cny('10.05'))).toEqual({
      up: cny('11.06'),
      down: cny('9.05'),
    });
    expect(dailyLimits(BOARD_RULES.star.priceLimit, 'cn_a_share', cny('12.34'))).toEqual({
      up: cny('14.81'),
      down: cny('9.87'),
    });
    expect(dailyLimits(BOARD_RULES.chinext.priceLimit, 'cn_a_share', cny('25.00'))).toEqual({
      up: cny('30.00'),
      down: cny('20.00'),
    });
  });

  it('US: no daily limit (LULD noted, not simulated)', () => {
    expect(
      dailyLimits(BOARD_RULES.nasdaq.priceLimit, 'us_reg_nms', parseScaledPrice('100', 'US')),
    ).toBeNull();
  });
});
