import type { Currency } from '../money/currency.ts';

export type Market = 'US' | 'JP' | 'CN';

export interface InstrumentSeed {
  readonly symbol: string;
  readonly market: Market;
  readonly currency: Currency;
  readonly names: { readonly ja: string; readonly en: string; readonly zh: string };
  /** Smallest price step in minor units of the quote (walk-feed only; the full tables are the market-data issue's). */
  readonly tickMinor: bigint;
  /** Price scale: digits after the point in quotes. */
  readonly priceScale: number;
  /** A plausible starting price, in price minor units. */
  readonly startPriceMinor: bigint;
}

/**
 * The foundation's seeded instruments: a few real listings per market so the walking skeleton
 * has live quotes. The market-data issue replaces this with the full rules table.
 */
export const SEED_INSTRUMENTS: readonly InstrumentSeed[] = [
  { symbol: '7203', market: 'JP', currency: 'JPY', names: { ja: 'トヨタ自動車', en: 'Toyota Motor', zh: '丰田汽车' }, tickMinor: 5n, priceScale: 1, startPriceMinor: 28_000n },
  { symbol: '6758', market: 'JP', currency: 'JPY', names: { ja: 'ソニーグループ', en: 'Sony Group', zh: '索尼集团' }, tickMinor: 5n, priceScale: 1, startPriceMinor: 36_000n },
  { symbol: '9984', market: 'JP', currency: 'JPY', names: { ja: 'ソフトバンクグループ', en: 'SoftBank Group', zh: '软银集团' }, tickMinor: 10n, priceScale: 1, startPriceMinor: 95_000n },
  { symbol: 'AAPL', market: 'US', currency: 'USD', names: { ja: 'アップル', en: 'Apple Inc.', zh: '苹果公司' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 23_000n },
  { symbol: 'MSFT', market: 'US', currency: 'USD', names: { ja: 'マイクロソフト', en: 'Microsoft', zh: '微软' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 42_000n },
  { symbol: 'NVDA', market: 'US', currency: 'USD', names: { ja: 'エヌビディア', en: 'NVIDIA', zh: '英伟达' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 14_000n },
  { symbol: '600519', market: 'CN', currency: 'CNY', names: { ja: '貴州茅台酒', en: 'Kweichow Moutai', zh: '贵州茅台' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 150_000n },
  { symbol: '601318', market: 'CN', currency: 'CNY', names: { ja: '中国平安保険', en: 'Ping An Insurance', zh: '中国平安' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 5_200n },
  { symbol: '000858', market: 'CN', currency: 'CNY', names: { ja: '五糧液', en: 'Wuliangye Yibin', zh: '五粮液' }, tickMinor: 1n, priceScale: 2, startPriceMinor: 13_000n },
];

/** FX pairs the feed quotes (yen per unit), with starting mid rates. */
export const SEED_FX: ReadonlyArray<{ readonly currency: Currency; readonly startRate: string }> = [
  { currency: 'USD', startRate: '150.00' },
  { currency: 'CNY', startRate: '20.80' },
];

const BY_SYMBOL = new Map(SEED_INSTRUMENTS.map((i) => [i.symbol, i]));

export function findInstrument(symbol: string): InstrumentSeed | undefined {
  return BY_SYMBOL.get(symbol);
}

export const SYMBOL_PATTERN = /^[A-Z0-9.:]{1,16}$/;
