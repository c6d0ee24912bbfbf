import type { Market } from '../../../domain/market/rules.ts';
import type { Currency } from '../../../domain/money/currency.ts';

/**
 * Day-trade (intraday) terms per market, each with its source (MARKET-RULES.md). Leverage is a
 * ratio `numerator / denominator` so Japan's 3.3× stays exact.
 */
export interface IntradayRules {
  readonly currency: Currency;
  /** Buying power = amount × numerator ÷ denominator (rounded down to the minor unit). */
  readonly leverage: { readonly numerator: bigint; readonly denominator: bigint };
  /** Long day trades allowed (China's T+1 forbids selling A-shares bought the same day). */
  readonly longAllowed: boolean;
  /** Default forced-close fee per position the settlement closes, in minor units (config may override). */
  readonly forcedCloseFeeMinor: bigint;
  readonly source: string;
}

export const INTRADAY_RULES: Readonly<Record<Market, IntradayRules>> = {
  JP: {
    currency: 'JPY',
    // 一日信用: initial margin 30% → 1 ÷ 0.3 ≈ 3.3×; forced close at the close ¥3,575 per order.
    leverage: { numerator: 33n, denominator: 10n },
    longAllowed: true,
    forcedCloseFeeMinor: 3_575n,
    source: 'MARKET-RULES.md §6.1 [31] (Matsui 一日信用: margin 30%, forced-close fee ¥3,575)',
  },
  US: {
    currency: 'USD',
    // FINRA 4210 day-trading buying power: 4× maintenance margin excess; no forced-close penalty.
    leverage: { numerator: 4n, denominator: 1n },
    longAllowed: true,
    forcedCloseFeeMinor: 0n,
    source: 'MARKET-RULES.md §6.2 [32] (FINRA day-trading buying power 4×)',
  },
  CN: {
    currency: 'CNY',
    // T+1: a long bought today cannot be sold today, so only shorts of shortable names day-trade;
    // financing margin ratio ≥ 100% since 2026-01-19 gives no leverage (1×).
    leverage: { numerator: 1n, denominator: 1n },
    longAllowed: false,
    forcedCloseFeeMinor: 0n,
    source: 'MARKET-RULES.md line 26 (T+1) and §6.3 [33] (financing margin ratio ≥ 100%)',
  },
};

/** The market an intraday application in `currency` trades (JPY → JP, USD → US, CNY → CN). */
export function intradayMarketOf(currency: string): Market | null {
  for (const [market, rules] of Object.entries(INTRADAY_RULES)) {
    if (rules.currency === currency) return market as Market;
  }
  return null;
}

/** Leverage as text for screens ("3.3", "4", "1"). */
export function leverageText(market: Market): string {
  const { numerator, denominator } = INTRADAY_RULES[market].leverage;
  if (denominator === 1n) return String(numerator);
  const whole = numerator / denominator;
  const tenths = ((numerator % denominator) * 10n) / denominator;
  return `${whole}.${tenths}`;
}
