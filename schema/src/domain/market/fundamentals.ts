import { divideRounded } from '../money/rounding.ts';
import { formatScaled } from '../money/money.ts';
import type { Instrument } from './instruments.ts';
import { MARKET_RULES, type Market } from './rules.ts';

/**
 * Simulated fundamentals (issue 23 item 4): the simulator has no filings, so each stock gets fixed
 * figures drawn once from its symbol (the same on every start and every machine) around its
 * reference price, and the live ratios move with the simulated price. Labelled as simulated
 * wherever they are shown. Fixed point: amounts per share at scale 4 (1/10,000 of the currency).
 */
export interface SimulatedFundamentals {
  readonly sharesOutstanding: bigint;
  /** Earnings per share, scale 4; negative for a loss-maker (about one stock in twelve). */
  readonly eps4: bigint;
  /** Dividend per share a year, scale 4 (the catalogue's yield at the reference price). */
  readonly dps4: bigint;
}

/** What `quote/detail` and the rankings show at a price, each a decimal string. */
export interface FundamentalsAtPrice {
  /** Price × shares outstanding, whole currency units. */
  readonly market_value: string;
  /** Price ÷ EPS, two decimals; null for a loss (no meaningful ratio). */
  readonly per: string | null;
  readonly eps: string;
  readonly shares_outstanding: string;
  /** Dividend ÷ price, percent, two decimals. */
  readonly dividend_yield: string;
}

/** Market capitalisation at the reference price: 10^(low … low + span) currency units. */
const CAP_RANGE: Readonly<Record<Market, { low: number; span: number }>> = {
  JP: { low: 11, span: 2.6 },
  US: { low: 9.5, span: 3 },
  CN: { low: 10, span: 2.4 },
};

/** Three fractions in [0, 1) from the symbol (FNV-1a, then a xorshift per draw). */
function draws(symbol: string): [number, number, number] {
  let hash = 0x811c9dc5;
  for (const ch of symbol) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const next = () => {
    hash ^= hash << 13;
    hash ^= hash >>> 17;
    hash ^= hash << 5;
    hash >>>= 0;
    return hash / 2 ** 32;
  };
  return [next(), next(), next()];
}

function toScale4(price: bigint, market: Market): bigint {
  return price * 10n ** BigInt(4 - MARKET_RULES[market].priceScale);
}

/** The stock's fixed simulated figures; null for an index or an instrument without a price anchor. */
export function simulatedFundamentals(instrument: Instrument): SimulatedFundamentals | null {
  if (instrument.kind !== 'stock' || instrument.referencePrice <= 0n) return null;
  const [capDraw, perDraw, lossDraw] = draws(instrument.symbol);
  const ref4 = toScale4(instrument.referencePrice, instrument.market);
  const range = CAP_RANGE[instrument.market];
  const cap = BigInt(Math.round(10 ** (range.low + range.span * capDraw)));
  const shares = (((cap * 10_000n) / ref4 + 500n) / 1_000n) * 1_000n;
  // Reference PER between 8 and 40; a loss-maker (about one in twelve) loses 0.4 of that EPS.
  const perHundredths = BigInt(Math.round(800 + 3_200 * perDraw));
  // EPS in whole hundredths (as shown), so the PER shown is the price over the EPS shown.
  const eps4 = divideRounded(ref4 * 100n, perHundredths * 100n, 'half-up') * 100n;
  const dps4 = divideRounded(ref4 * BigInt(instrument.dividendYieldBp), 10_000n, 'half-up');
  return {
    sharesOutstanding: shares < 1_000_000n ? 1_000_000n : shares,
    eps4: lossDraw < 0.08 ? -divideRounded(eps4 * 10n, 2_500n, 'half-up') * 100n : eps4,
    dps4,
  };
}

/** The figures at a price in the instrument's price scale; null where there are none. */
export function fundamentalsAt(instrument: Instrument, price: bigint): FundamentalsAtPrice | null {
  const figures = simulatedFundamentals(instrument);
  if (!figures || price <= 0n) return null;
  const price4 = toScale4(price, instrument.market);
  const per =
    figures.eps4 > 0n
      ? formatScaled(divideRounded(price4 * 100n, figures.eps4, 'half-up'), 2)
      : null;
  return {
    market_value: formatScaled((price4 * figures.sharesOutstanding) / 10_000n, 0),
    per,
    eps: formatScaled(divideRounded(figures.eps4, 100n, 'half-up'), 2),
    shares_outstanding: figures.sharesOutstanding.toString(),
    dividend_yield: formatScaled(divideRounded(figures.dps4 * 10_000n, price4, 'half-up'), 2),
  };
}
