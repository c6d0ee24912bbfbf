import type { Currency } from '../money/currency.ts';

/**
 * The one table of trading rules per market and board (MARKET-RULES.md sections 2–6).
 * Prices are integers at the market's price scale (JP 0.1 yen, CN 0.01 yuan, US 0.0001 dollar).
 * Fee rates are in parts per million of traded value, amounts in minor units of the currency.
 */
export type Market = 'US' | 'JP' | 'CN';
export const MARKETS: readonly Market[] = ['US', 'JP', 'CN'];

export type Exchange = 'XNYS' | 'XNAS' | 'XTKS' | 'XSHG' | 'XSHE';
export type Board =
  | 'nyse'
  | 'nasdaq'
  | 'tse_prime'
  | 'tse_standard'
  | 'tse_growth'
  | 'sse_main'
  | 'star'
  | 'szse_main'
  | 'chinext';

export type TickTableId =
  'tse_topix500' | 'tse_other' | 'us_reg_nms' | 'cn_a_share' | 'index_points';

export type PriceLimitRule =
  | { readonly kind: 'tse_yen_bands' }
  | { readonly kind: 'percent_of_prev_close'; readonly percent: number }
  | { readonly kind: 'none_luld'; readonly note: string };

export interface FeeSchedule {
  /** Where the rates come from (MARKET-RULES.md §5), shown to users beside the fee. */
  readonly source: string;
  readonly effectiveFrom: string;
  readonly commissionPpm: number;
  readonly commissionMinMinor: bigint;
  readonly commissionMaxMinor: bigint | null;
  /** Seller-only duty (China stamp duty) and regulator fees. */
  readonly sellDutyPpm: number;
  /** Both-sides transfer fee (China CSDC). */
  readonly transferFeePpm: number;
  /** US FINRA TAF on sells: millionths of a major unit per share (166 = $0.000166), rounded up to the cent, capped. */
  readonly sellPerShareFeeMillionths: number;
  readonly sellPerShareFeeMaxMinor: bigint;
}

export interface QuantityRule {
  /** Shares per board lot (display, volume multiples). */
  readonly lotSize: number;
  readonly minQty: number;
  readonly qtyStep: number;
  /** A remainder below the minimum may be sold all at once (CN odd lots). */
  readonly oddLotSellAll: boolean;
  readonly maxQtyPerOrder: number;
}

export interface MarketRules {
  readonly market: Market;
  readonly currency: Currency;
  readonly timeZone: string;
  /** Digits after the point in stored prices. */
  readonly priceScale: number;
  /** Digits always shown on the wire (trailing zeros beyond are trimmed). */
  readonly priceMinDecimals: number;
  /**
   * The most digits a price is shown with on ordinary ticks (JP 0.1 yen, US cents, CN fen): quotes
   * and derived prices (adjusted candles, chart values) alike, so they never disagree.
   */
  readonly priceDisplayDecimals: number;
  readonly fees: FeeSchedule;
  /** Cap on leverage for single stocks (Japan's Cabinet Office Ordinance: 5× for CFDs on stocks). */
  readonly maxLeverage: number;
  /** Margin equity / position value below which a margin call is raised. */
  readonly maintenancePercent: number;
  /** Below this the worker closes positions (stop-out). */
  readonly stopOutPercent: number;
  /** Shares bought today cannot be sold today (China A-shares). */
  readonly tPlusOne: boolean;
}

export interface BoardRules {
  readonly board: Board;
  readonly market: Market;
  readonly exchange: Exchange;
  readonly tickTable: TickTableId;
  readonly priceLimit: PriceLimitRule;
  readonly quantity: QuantityRule;
}

const NO_CAP = null;

export const MARKET_RULES: Readonly<Record<Market, MarketRules>> = {
  JP: {
    market: 'JP',
    currency: 'JPY',
    timeZone: 'Asia/Tokyo',
    priceScale: 1,
    priceMinDecimals: 0,
    priceDisplayDecimals: 1,
    fees: {
      source:
        'SBI ゼロ革命 / Rakuten ゼロコース: ¥0 online domestic commission (MARKET-RULES.md §5.1)',
      effectiveFrom: '2023-09-30',
      commissionPpm: 0,
      commissionMinMinor: 0n,
      commissionMaxMinor: NO_CAP,
      sellDutyPpm: 0,
      transferFeePpm: 0,
      sellPerShareFeeMillionths: 0,
      sellPerShareFeeMaxMinor: 0n,
    },
    maxLeverage: 5,
    maintenancePercent: 20,
    stopOutPercent: 10,
    tPlusOne: false,
  },
  US: {
    market: 'US',
    currency: 'USD',
    timeZone: 'America/New_York',
    priceScale: 4,
    priceMinDecimals: 2,
    priceDisplayDecimals: 2,
    fees: {
      source:
        'Commission 0.495% min $0 max $22 (Monex, §5.1); FINRA TAF $0.000166/share max $8.30 on sells; SEC fee $0 since 2025-05-14 (§5.3)',
      effectiveFrom: '2025-05-14',
      commissionPpm: 4950,
      commissionMinMinor: 0n,
      commissionMaxMinor: 2200n,
      sellDutyPpm: 0,
      transferFeePpm: 0,
      sellPerShareFeeMillionths: 166,
      sellPerShareFeeMaxMinor: 830n,
    },
    maxLeverage: 5,
    maintenancePercent: 25,
    stopOutPercent: 12,
    tPlusOne: false,
  },
  CN: {
    market: 'CN',
    currency: 'CNY',
    timeZone: 'Asia/Shanghai',
    priceScale: 2,
    priceMinDecimals: 2,
    priceDisplayDecimals: 2,
    fees: {
      source:
        'Commission 0.025% min ¥5; stamp duty 0.05% on sells (since 2023-08-28); CSDC transfer fee 0.001% both sides (§5.2)',
      effectiveFrom: '2023-08-28',
      commissionPpm: 250,
      commissionMinMinor: 500n,
      commissionMaxMinor: NO_CAP,
      sellDutyPpm: 500,
      transferFeePpm: 10,
      sellPerShareFeeMillionths: 0,
      sellPerShareFeeMaxMinor: 0n,
    },
    maxLeverage: 5,
    maintenancePercent: 30,
    stopOutPercent: 15,
    tPlusOne: true,
  },
};

const ROUND_LOT_JP: QuantityRule = {
  lotSize: 100,
  minQty: 100,
  qtyStep: 100,
  oddLotSellAll: false,
  maxQtyPerOrder: 10_000_000,
};
const US_SHARES: QuantityRule = {
  lotSize: 1,
  minQty: 1,
  qtyStep: 1,
  oddLotSellAll: false,
  maxQtyPerOrder: 1_000_000,
};
const CN_MAIN: QuantityRule = {
  lotSize: 100,
  minQty: 100,
  qtyStep: 100,
  oddLotSellAll: true,
  maxQtyPerOrder: 1_000_000,
};
const CN_CHINEXT: QuantityRule = { ...CN_MAIN, maxQtyPerOrder: 300_000 };
const CN_STAR: QuantityRule = {
  lotSize: 200,
  minQty: 200,
  qtyStep: 1,
  oddLotSellAll: true,
  maxQtyPerOrder: 100_000,
};
const LULD = 'No daily limit; LULD pauses (5%/10% bands on a 5-minute reference) are not simulated';

function tse(board: Board): BoardRules {
  return {
    board,
    market: 'JP',
    exchange: 'XTKS',
    tickTable: 'tse_other',
    priceLimit: { kind: 'tse_yen_bands' },
    quantity: ROUND_LOT_JP,
  };
}

export const BOARD_RULES: Readonly<Record<Board, BoardRules>> = {
  nyse: {
    board: 'nyse',
    market: 'US',
    exchange: 'XNYS',
    tickTable: 'us_reg_nms',
    priceLimit: { kind: 'none_luld', note: LULD },
    quantity: US_SHARES,
  },
  nasdaq: {
    board: 'nasdaq',
    market: 'US',
    exchange: 'XNAS',
    tickTable: 'us_reg_nms',
    priceLimit: { kind: 'none_luld', note: LULD },
    quantity: US_SHARES,
  },
  tse_prime: tse('tse_prime'),
  tse_standard: tse('tse_standard'),
  tse_growth: tse('tse_growth'),
  sse_main: {
    board: 'sse_main',
    market: 'CN',
    exchange: 'XSHG',
    tickTable: 'cn_a_share',
    priceLimit: { kind: 'percent_of_prev_close', percent: 10 },
    quantity: CN_MAIN,
  },
  star: {
    board: 'star',
    market: 'CN',
    exchange: 'XSHG',
    tickTable: 'cn_a_share',
    priceLimit: { kind: 'percent_of_prev_close', percent: 20 },
    quantity: CN_STAR,
  },
  szse_main: {
    board: 'szse_main',
    market: 'CN',
    exchange: 'XSHE',
    tickTable: 'cn_a_share',
    priceLimit: { kind: 'percent_of_prev_close', percent: 10 },
    quantity: CN_MAIN,
  },
  chinext: {
    board: 'chinext',
    market: 'CN',
    exchange: 'XSHE',
    tickTable: 'cn_a_share',
    priceLimit: { kind: 'percent_of_prev_close', percent: 20 },
    quantity: CN_CHINEXT,
  },
};
