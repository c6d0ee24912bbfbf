import {
  candlesRequest,
  detailRequest,
  marketListRequest,
  rankingsRequest,
  Refusal,
  searchRequest,
  type QuoteSnapshot,
  candlesResponse,
  quoteDetailResponse,
  quoteListResponse,
} from '@kabuto/schema/contracts';
import {
  allInstruments,
  findInstrument,
  marketClock,
  MARKET_RULES,
  searchInstruments,
  type Instrument,
} from '@kabuto/schema/market';
import { defineCall, type CallDefinition } from '../../http/call.ts';
import { chartCandles } from './candles.service.ts';
import { fundamentalFields, nameIn, quoteRow } from './quote-rows.ts';

function instrumentOrRefuse(symbol: string): Instrument {
  const instrument = findInstrument(symbol);
  if (!instrument) throw new Refusal('not_found');
  return instrument;
}

export const searchCall = defineCall({
  path: 'quote/search',
  summary:
    'Instruments by code, name (ja, en, zh; kana folded) or pinyin initials, with latest quotes',
  input: searchRequest,
  output: quoteListResponse,
  async handle({ input, deps }) {
    const hits = searchInstruments(input.keyword, 20);
    const latest = await deps.quotes.many(hits.map((i) => i.symbol));
    return { msg: 'ok', data: hits.map((i) => quoteRow(i, latest.get(i.symbol), input.lang)) };
  },
});

export const detailCall = defineCall({
  path: 'quote/detail',
  summary:
    'One instrument: latest quote, day figures, limits, trading rules, session phase and data source',
  input: detailRequest,
  output: quoteDetailResponse,
  async handle({ input, deps }) {
    const instrument = instrumentOrRefuse(input.symbol);
    const snapshot = await deps.quotes.one(instrument.symbol);
    const clock = marketClock(instrument.market, deps.clock.nowMs(), deps.config.clock);
    return { msg: 'ok', data: detailOf(instrument, snapshot, input.lang, clock.phase) };
  },
});

function detailOf(
  instrument: Instrument,
  snapshot: QuoteSnapshot | undefined,
  lang: 'jp' | 'cn' | 'us',
  phase: string,
) {
  return {
    symbol: instrument.symbol,
    market: instrument.market,
    kind: instrument.kind,
    currency: instrument.currency,
    name: nameIn(instrument, lang),
    names: { ...instrument.names },
    board: instrument.board,
    sector: instrument.sector,
    price: snapshot?.price ?? null,
    change_rate: snapshot?.change_rate ?? null,
    open: snapshot?.open ?? null,
    prev_close: snapshot?.prev_close ?? null,
    high: snapshot?.high ?? null,
    low: snapshot?.low ?? null,
    volume: snapshot?.volume ?? null,
    turnover: snapshot?.turnover ?? null,
    ...fundamentalFields(instrument, snapshot),
    limit_up: snapshot?.limit_up ?? null,
    limit_down: snapshot?.limit_down ?? null,
    lot_size: instrument.quantity.lotSize,
    min_qty: instrument.quantity.minQty,
    qty_step: instrument.quantity.qtyStep,
    shortable: instrument.shortable,
    max_leverage: instrument.maxLeverage,
    time_zone: MARKET_RULES[instrument.market].timeZone,
    // How the client shows prices it derives itself (chart values): the decimals of the quotes.
    price_min_decimals: MARKET_RULES[instrument.market].priceMinDecimals,
    price_decimals: MARKET_RULES[instrument.market].priceDisplayDecimals,
    phase,
    seq: snapshot?.seq ?? 0,
    ts: snapshot?.ts ?? null,
    source: snapshot?.source ?? null,
  };
}

export const candlesCall = defineCall({
  path: 'quote/candles',
  summary:
    'Chart bars: time-share, 1/5/15/30 minutes, day, week, month, year; range; qfq/hfq adjustment',
  input: candlesRequest,
  output: candlesResponse,
  async handle({ input, deps }) {
    const instrument = instrumentOrRefuse(input.symbol);
    const chart = await chartCandles(deps.db, instrument, input, {
      nowMs: deps.clock.nowMs(),
      clock: deps.config.clock,
    });
    return { msg: 'ok', data: { symbol: instrument.symbol, ...chart } };
  },
});

const compareChange = (a: QuoteSnapshot, b: QuoteSnapshot) =>
  Number(b.change_rate) - Number(a.change_rate);
const compareTurnover = (a: QuoteSnapshot, b: QuoteSnapshot) =>
  Number(b.turnover) - Number(a.turnover);

type Latest = { quotes: { all(): Promise<Map<string, QuoteSnapshot>> } };

async function marketSnapshots(deps: Latest, market: string, kind: Instrument['kind']) {
  const all = await deps.quotes.all();
  return allInstruments()
    .filter((i) => i.market === market && i.kind === kind)
    .map((instrument) => ({
      instrument,
      snapshot: all.get(instrument.symbol),
    }));
}

/** The market's stocks that have a quote, ordered by `compare`. */
async function pricedStocks(
  deps: Latest,
  market: string,
  compare: (a: QuoteSnapshot, b: QuoteSnapshot) => number,
) {
  const rows = (await marketSnapshots(deps, market, 'stock')).filter(
    (r): r is { instrument: Instrument; snapshot: QuoteSnapshot } => r.snapshot !== undefined,
  );
  return rows.sort((a, b) => compare(a.snapshot, b.snapshot));
}

export const rankingsCall = defineCall({
  path: 'quote/rankings',
  summary: 'Top gainers, losers or turnover of a market',
  input: rankingsRequest,
  output: quoteListResponse,
  async handle({ input, deps }) {
    const order =
      input.kind === 'turnover'
        ? compareTurnover
        : input.kind === 'gainers'
          ? compareChange
          : (a: QuoteSnapshot, b: QuoteSnapshot) => -compareChange(a, b);
    const rows = await pricedStocks(deps, input.market, order);
    return {
      msg: 'ok',
      data: rows.slice(0, input.limit).map((r) => quoteRow(r.instrument, r.snapshot, input.lang)),
    };
  },
});

export const indicesCall = defineCall({
  path: 'quote/indices',
  summary: 'The main indices, of one market or all',
  input: marketListRequest,
  output: quoteListResponse,
  async handle({ input, deps }) {
    const all = await deps.quotes.all();
    const indices = allInstruments().filter(
      (i) => i.kind === 'index' && (!input.market || i.market === input.market),
    );
    return { msg: 'ok', data: indices.map((i) => quoteRow(i, all.get(i.symbol), input.lang)) };
  },
});

export const marketListCall = defineCall({
  path: 'quote/market',
  summary: 'Every stock of a market with its latest quote (the Quotes screen)',
  input: marketListRequest,
  output: quoteListResponse,
  async handle({ input, deps }) {
    const rows = await marketSnapshots(deps, input.market ?? 'JP', 'stock');
    return { msg: 'ok', data: rows.map((r) => quoteRow(r.instrument, r.snapshot, input.lang)) };
  },
});

export const hotCall = defineCall({
  path: 'quote/hot',
  summary: 'Hot stocks: the highest turnover of each market (or of one)',
  input: marketListRequest,
  output: quoteListResponse,
  async handle({ input, deps }) {
    const markets = input.market ? [input.market] : (['JP', 'US', 'CN'] as const);
    const rows = [];
    for (const market of markets) {
      const priced = await pricedStocks(deps, market, compareTurnover);
      rows.push(
        ...priced
          .slice(0, input.market ? 10 : 4)
          .map((r) => quoteRow(r.instrument, r.snapshot, input.lang)),
      );
    }
    return { msg: 'ok', data: rows };
  },
});

/** The quotes module's calls, in the order the central list shows them. */
export const QUOTES_CALLS: readonly CallDefinition[] = [
  searchCall,
  detailCall,
  candlesCall,
  rankingsCall,
  indicesCall,
  marketListCall,
  hotCall,
];
