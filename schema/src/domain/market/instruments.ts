import type { Currency } from '../money/currency.ts';
import { CN_STOCKS } from './catalogue/cn-stocks.ts';
import { INDICES } from './catalogue/indices-fx.ts';
import { JP_STOCKS } from './catalogue/jp-stocks.ts';
import { US_STOCKS } from './catalogue/us-stocks.ts';
import { parseScaledPrice } from './prices.ts';
import {
  BOARD_RULES,
  MARKET_RULES,
  type Board,
  type Exchange,
  type Market,
  type PriceLimitRule,
  type QuantityRule,
  type TickTableId,
} from './rules.ts';

export type InstrumentKind = 'stock' | 'index';

export interface InstrumentNames {
  readonly ja: string;
  readonly en: string;
  readonly zh: string;
}

/** One listing with every rule it trades under; built from the catalogue and the rules table. */
export interface Instrument {
  readonly symbol: string;
  readonly kind: InstrumentKind;
  readonly market: Market;
  readonly exchange: Exchange;
  readonly board: Board | null;
  readonly currency: Currency;
  readonly names: InstrumentNames;
  /** Pinyin initials (CN) for search; empty elsewhere. */
  readonly initials: string;
  readonly sector: string;
  readonly tickTable: TickTableId;
  readonly priceLimit: PriceLimitRule;
  readonly quantity: QuantityRule;
  readonly shortable: boolean;
  readonly maxLeverage: number;
  readonly topix500: boolean;
  /** Simulation anchors: a reference level, yearly volatility (percent) and dividend yield (basis points). */
  readonly referencePrice: bigint;
  readonly annualVolPercent: number;
  readonly dividendYieldBp: number;
}

const VOL_BY_BOARD: Readonly<Record<Board, number>> = {
  nyse: 28,
  nasdaq: 32,
  tse_prime: 28,
  tse_standard: 35,
  tse_growth: 55,
  sse_main: 32,
  szse_main: 36,
  star: 55,
  chinext: 50,
};

function stock(
  market: Market,
  board: Board,
  symbol: string,
  names: InstrumentNames,
  extra: { initials: string; sector: string; price: string; flags: string },
): Instrument {
  const rules = BOARD_RULES[board];
  const topix500 = extra.flags.includes('T');
  const volatile = board === 'tse_growth' || board === 'star' || board === 'chinext';
  return {
    symbol,
    kind: 'stock',
    market,
    exchange: rules.exchange,
    board,
    currency: MARKET_RULES[market].currency,
    names,
    initials: extra.initials,
    sector: extra.sector,
    tickTable: market === 'JP' ? (topix500 ? 'tse_topix500' : 'tse_other') : rules.tickTable,
    priceLimit: rules.priceLimit,
    quantity: rules.quantity,
    shortable: !extra.flags.includes('S'),
    maxLeverage: volatile ? 2 : MARKET_RULES[market].maxLeverage,
    topix500,
    referencePrice: parseScaledPrice(extra.price, market),
    annualVolPercent: VOL_BY_BOARD[board],
    dividendYieldBp: extra.flags.includes('D') ? 0 : market === 'US' ? 150 : 250,
  };
}

const INDEX_EXCHANGE: Readonly<Record<Market, Exchange>> = { US: 'XNYS', JP: 'XTKS', CN: 'XSHG' };

function index(symbol: string, market: Market, names: InstrumentNames, price: string): Instrument {
  return {
    symbol,
    kind: 'index',
    market,
    exchange: INDEX_EXCHANGE[market],
    board: null,
    currency: MARKET_RULES[market].currency,
    names,
    initials: '',
    sector: 'index',
    // Index points: 0.01 in New York and Shanghai, 0.1 in Tokyo (the yen price scale).
    tickTable: market === 'US' ? 'us_reg_nms' : 'index_points',
    priceLimit: { kind: 'none_luld', note: 'index' },
    quantity: { lotSize: 1, minQty: 1, qtyStep: 1, oddLotSellAll: false, maxQtyPerOrder: 0 },
    shortable: false,
    maxLeverage: 0,
    topix500: false,
    referencePrice: parseScaledPrice(price, market),
    annualVolPercent: 18,
    dividendYieldBp: 0,
  };
}

export const INSTRUMENTS: readonly Instrument[] = [
  ...JP_STOCKS.map(([symbol, board, ja, en, zh, sector, price, flags]) =>
    stock('JP', board, symbol, { ja, en, zh }, { initials: '', sector, price, flags }),
  ),
  ...US_STOCKS.map(([symbol, board, ja, en, zh, sector, price, flags]) =>
    stock('US', board, symbol, { ja, en, zh }, { initials: '', sector, price, flags }),
  ),
  ...CN_STOCKS.map(([symbol, board, ja, en, zh, initials, sector, price, flags]) =>
    stock('CN', board, symbol, { ja, en, zh }, { initials, sector, price, flags }),
  ),
  ...INDICES.map(([symbol, market, ja, en, zh, price]) =>
    index(symbol, market, { ja, en, zh }, price),
  ),
];

const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

export function findInstrument(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol);
}

export { SYMBOL_PATTERN } from './symbols.ts';
