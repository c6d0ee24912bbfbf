import { describe, expect, it } from 'vitest';
import { localToUtcMs } from '../../../domain/market/calendar-dates.ts';
import { findInstrument } from '../../../domain/market/instruments.ts';
import { closeToCash, computeFees, realisedPnl } from '../../trading/public.pure.ts';
import { buyingPowerLeft, buyingPowerOf, intradayMargin, openNotional } from './buying-power.ts';
import { INTRADAY_RULES, intradayMarketOf, leverageText } from './rules.ts';
import { nextSessionClose, sessionForApplication } from './schedule.ts';
import { applicationPnl, forcedCloseFee } from './settlement.ts';
import { shownIntradayStatus } from './status.ts';

const tokyo = (date: string, hhmm: string) => at(date, hhmm, 'Asia/Tokyo');
const newYork = (date: string, hhmm: string) => at(date, hhmm, 'America/New_York');
const shanghai = (date: string, hhmm: string) => at(date, hhmm, 'Asia/Shanghai');
function at(date: string, hhmm: string, zone: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return localToUtcMs(date, h * 60 + m, zone);
}
const iso = (ms: number) => new Date(ms).toISOString();

describe('intraday rules table', () => {
  it('JP 3.3× (Matsui 一日信用, margin 30%), US 4× (FINRA day-trading buying power), CN 1× and no longs (T+1)', () => {
    expect(leverageText('JP')).toBe('3.3');
    expect(leverageText('US')).toBe('4');
    expect(leverageText('CN')).toBe('1');
    expect(INTRADAY_RULES.CN.longAllowed).toBe(false);
    expect(INTRADAY_RULES.JP.forcedCloseFeeMinor).toBe(3_575n);
    expect(intradayMarketOf('JPY')).toBe('JP');
    expect(intradayMarketOf('USD')).toBe('US');
    expect(intradayMarketOf('CNY')).toBe('CN');
    expect(intradayMarketOf('EUR')).toBeNull();
  });
});

describe('buying power', () => {
  it('¥1,000,000 at 3.3× buys ¥3,300,000; $10,000.00 at 4× buys $40,000.00; ¥1 buys ¥3 (rounded down)', () => {
    expect(buyingPowerOf('JP', 1_000_000n)).toBe(3_300_000n);
    expect(buyingPowerOf('US', 1_000_000n)).toBe(4_000_000n);
    expect(buyingPowerOf('CN', 500_000n)).toBe(500_000n);
    expect(buyingPowerOf('JP', 1n)).toBe(3n);
  });

  it('what is left counts the open intraday notional and never goes below zero', () => {
    expect(buyingPowerLeft(3_300_000n, 2_850_000n)).toBe(450_000n);
    expect(buyingPowerLeft(3_300_000n, 3_400_000n)).toBe(0n);
  });

  it('the open notional sums each open position at its opening price, each rounded up: 100 × ¥2,850.0 + 2 × (1 × ¥2,850.5 → ¥2,851) = ¥290,702', () => {
    const at = (open_price: bigint, qty: bigint) => ({ open_price, qty });
    expect(openNotional('JP', [])).toBe(0n);
    expect(openNotional('JP', [at(28_500n, 100n)])).toBe(285_000n);
    expect(openNotional('JP', [at(28_500n, 100n), at(28_505n, 1n), at(28_505n, 1n)])).toBe(
      290_702n,
    );
    expect(buyingPowerLeft(3_300_000n, openNotional('JP', [at(28_500n, 1_000n)]))).toBe(450_000n);
  });

  it('margin is notional ÷ leverage rounded up (named rounding: intraday margin up)', () => {
    expect(intradayMargin('JP', 3_300_000n)).toBe(1_000_000n);
    expect(intradayMargin('JP', 285_000n)).toBe(86_364n); // 86,363.63… up
    expect(intradayMargin('US', 1_000_001n)).toBe(250_001n);
    // Rounding up is the conservative side: 11 buys of ¥300,000 (all of ¥1,000,000 × 3.3) need
    // ¥1,000,010 of margin, so the hold (amount, less fees) is the binding limit at the very end.
    expect(11n * intradayMargin('JP', 300_000n)).toBe(1_000_010n);
  });
});

describe('settlement P&L', () => {
  it('a long 100 × 7203 bought at 2,850 and force-closed at 2,870 returns margin + ¥2,000 − fees to the hold', () => {
    const toyota = findInstrument('7203');
    if (!toyota) throw new Error('7203 missing');
    const pnl = realisedPnl(toyota, 'long', 2_850_0n, 2_870_0n, 100n);
    expect(pnl).toBe(2_000n);
    const fees = computeFees('JP', 'sell', 2_870_0n, 100n);
    const { postings, waived } = closeToCash(7, 'JPY', {
      margin: 86_364n,
      pnl,
      fees,
      cashAvailable: 913_636n,
      into: 'hold:intraday',
    });
    expect(waived).toBe(0n);
    const hold = postings.find(
      (p) => p.account.owner === 'user' && p.account.kind === 'hold:intraday',
    );
    expect(hold?.amountMinor).toBe(86_364n + 2_000n - fees.total);
    expect(postings.some((p) => p.account.owner === 'user' && p.account.kind === 'cash')).toBe(
      false,
    );
  });

  it('a loss larger than the hold is waived by the house: the hold stops at zero, cash is untouched', () => {
    const fees = { commission: 0n, transferFee: 0n, regulatoryFee: 0n, stampDuty: 0n, total: 0n };
    const { waived, postings } = closeToCash(7, 'JPY', {
      margin: 100n,
      pnl: -500n,
      fees,
      cashAvailable: 50n,
      into: 'hold:intraday',
    });
    expect(waived).toBe(350n);
    const hold = postings.find(
      (p) => p.account.owner === 'user' && p.account.kind === 'hold:intraday',
    );
    expect(hold?.amountMinor).toBe(-50n);
  });

  it('the forced-close fee is per position, capped at what the hold has; P&L = released − amount', () => {
    expect(forcedCloseFee(3_575n, 2, 1_000_000n)).toBe(7_150n);
    expect(forcedCloseFee(3_575n, 2, 5_000n)).toBe(5_000n);
    expect(forcedCloseFee(0n, 5, 1_000n)).toBe(0n);
    expect(forcedCloseFee(3_575n, 0, 1_000n)).toBe(0n);
    expect(applicationPnl(1_000_000n, 994_850n)).toBe(-5_150n);
  });
});

describe('sessions and the settlement schedule', () => {
  it('JP: on Labour Thanksgiving Day 2026-11-23 (a holiday) an application is for Tue 11-24, closing 15:30 JST', () => {
    const session = sessionForApplication('JP', tokyo('2026-11-23', '10:00'), 'exchange');
    expect(session.date).toBe('2026-11-24');
    expect(iso(session.opensAtMs)).toBe('2026-11-24T00:00:00.000Z');
    expect(iso(session.closesAtMs)).toBe('2026-11-24T06:30:00.000Z');
  });

  it('JP: after Friday 11-20 closes, the next close skips the weekend and the holiday', () => {
    const close = nextSessionClose('JP', tokyo('2026-11-20', '15:31'));
    expect(close.date).toBe('2026-11-24');
    expect(nextSessionClose('JP', tokyo('2026-11-20', '15:29')).date).toBe('2026-11-20');
  });

  it('US: after Wed 11-25 closes, Thanksgiving 11-26 is skipped and Fri 11-27 closes early at 13:00 ET', () => {
    const close = nextSessionClose('US', newYork('2026-11-25', '16:05'));
    expect(close.date).toBe('2026-11-27');
    expect(iso(close.closesAtMs)).toBe('2026-11-27T18:00:00.000Z');
    const during = sessionForApplication('US', newYork('2026-11-27', '12:00'), 'exchange');
    expect(during.date).toBe('2026-11-27');
    expect(sessionForApplication('US', newYork('2026-11-27', '13:00'), 'exchange').date).toBe(
      '2026-11-30',
    );
    expect(iso(nextSessionClose('US', newYork('2026-11-30', '09:00')).closesAtMs)).toBe(
      '2026-11-30T21:00:00.000Z',
    );
  });

  it('CN: after 09-30 closes, the National Day week is skipped to Thu 10-08, closing 15:00 CST', () => {
    const close = nextSessionClose('CN', shanghai('2026-09-30', '15:10'));
    expect(close.date).toBe('2026-10-08');
    expect(iso(close.closesAtMs)).toBe('2026-10-08T07:00:00.000Z');
  });

  it('always-open (demo clock) applies for the same session as the exchange: settled at a real close', () => {
    expect(sessionForApplication('JP', tokyo('2026-11-23', '20:00'), 'always-open').date).toBe(
      '2026-11-24',
    );
  });

  it('applied shows as trading once its session opened (derived from time), other states as stored', () => {
    const session = { opensAtMs: 1_000 };
    expect(shownIntradayStatus('applied', session, 999, false)).toBe('applied');
    expect(shownIntradayStatus('applied', session, 1_000, false)).toBe('trading');
    expect(shownIntradayStatus('applied', session, 0, true)).toBe('trading');
    expect(shownIntradayStatus('traded', session, 5_000, false)).toBe('traded');
  });
});
