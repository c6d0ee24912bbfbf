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

/**
 * The instrument of a symbol: the catalogue's, else a listed new share's (`setListedInstruments`,
 * which each process refreshes from the database).
 */
export function findInstrument(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol) ?? listed.get(symbol);
}

/**
 * A stock whose rules come from its market and board, like the catalogue's, at a reference price
 * already scaled (a new share's offer price). Null for a board the market does not have.
 */
export function stockInstrument(
  market: Market,
  board: string,
  symbol: string,
  names: InstrumentNames,
  referencePrice: bigint,
): Instrument | null {
  const rules = (BOARD_RULES as Readonly<Record<string, (typeof BOARD_RULES)[Board]>>)[board];
  if (!rules || rules.market !== market) return null;
  const extra = { initials: '', sector: 'ipo', price: '0', flags: '' };
  return { ...stock(market, board as Board, symbol, names, extra), referencePrice };
}

/** New shares listed so far (never a catalogue symbol), by symbol. */
let listed: ReadonlyMap<string, Instrument> = new Map();
/** The catalogue then the listed new shares; a new array only when the listed set is replaced. */
let everyInstrument: readonly Instrument[] = INSTRUMENTS;

/** Replaces the listed new shares `findInstrument` knows (loaded from the database). */
export function setListedInstruments(instruments: readonly Instrument[]): void {
  listed = new Map(
    instruments.filter((i) => !BY_SYMBOL.has(i.symbol)).map((i) => [i.symbol, i] as const),
  );
  everyInstrument = listed.size === 0 ? INSTRUMENTS : [...INSTRUMENTS, ...listed.values()];
}

/**
 * Every instrument now: the catalogue's, then the listed new shares. Anything that lists
 * instruments (search, market lists, rankings) reads this rather than `INSTRUMENTS`. The array
 * stays the same object until the listed set is replaced, so callers may cache by identity.
 */
export function allInstruments(): readonly Instrument[] {
  return everyInstrument;
}

/** The listed new shares `findInstrument` knows now. */
export function listedInstruments(): readonly Instrument[] {
  return [...listed.values()];
}

export { NEW_LISTING_SYMBOL, SYMBOL_PATTERN } from './symbols.ts';
