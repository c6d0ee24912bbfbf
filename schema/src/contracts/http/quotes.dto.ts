import { z } from 'zod';
import { namesOf } from './answers.ts';
import { langField, marketField, symbolField, wholeNumberField } from './fields.ts';

/** Quote calls. `lang` picks the name returned in `name` (all three are in `names`). */

export const searchRequest = z.strictObject({
  keyword: z.string().trim().min(1).max(32),
  lang: langField,
});
export const detailRequest = z.strictObject({ symbol: symbolField, lang: langField });
export const CHART_PERIODS = ['time', '1m', '5m', '15m', '30m', '1d', '1w', '1M', '1y'] as const;
export const CHART_RANGES = ['1w', '1m', '3m', '6m', 'all'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export type ChartRange = (typeof CHART_RANGES)[number];

/**
 * The range each chart period opens on when the call names none (the client names one only when
 * the user picks it): minute charts a week, days half a year, weeks, months and years the whole
 * history (years of weeks). The answer says which range it used.
 */
export const DEFAULT_CHART_RANGE: Readonly<Record<ChartPeriod, ChartRange>> = {
  time: '1w',
  '1m': '1w',
  '5m': '1w',
  '15m': '1w',
  '30m': '1w',
  '1d': '6m',
  '1w': 'all',
  '1M': 'all',
  '1y': 'all',
};
export const candlesRequest = z.strictObject({
  symbol: symbolField,
  period: z.enum(CHART_PERIODS),
  range: z.enum(CHART_RANGES).optional(),
  adjust: z.enum(['none', 'qfq', 'hfq']).default('qfq'),
});
export const rankingsRequest = z.strictObject({
  market: marketField,
  kind: z.enum(['gainers', 'losers', 'turnover']),
  limit: wholeNumberField(1, 50).default(10),
  lang: langField,
});
export const marketListRequest = z.strictObject({
  market: marketField.optional(),
  lang: langField,
});
export const watchRequest = z.strictObject({ symbol: symbolField });
export const watchlistRequest = z.strictObject({ lang: langField });

/** A quote row in lists (search, rankings, hot, watchlist, market lists). */
export const quoteRowResponse = z.object({
  symbol: z.string(),
  market: z.string(),
  name: z.string(),
  names: namesOf,
  price: z.string().nullable(),
  change_rate: z.string().nullable(),
  volume: z.number().nullable(),
  turnover: z.string().nullable(),
  /** Simulated fundamentals at the latest price (issue 23 item 4); null for an index or no price. */
  market_value: z.string().nullable(),
  per: z.string().nullable(),
  eps: z.string().nullable(),
  shares_outstanding: z.string().nullable(),
  dividend_yield: z.string().nullable(),
  /** Where the fundamentals come from: always `simulated` here (no filings behind them). */
  fundamentals_source: z.literal('simulated').nullable(),
});
export type QuoteRow = z.infer<typeof quoteRowResponse>;
export const quoteListResponse = z.array(quoteRowResponse);

export const quoteDetailResponse = quoteRowResponse.extend({
  kind: z.enum(['stock', 'index']),
  currency: z.string(),
  board: z.string().nullable().optional(),
  sector: z.string().nullable().optional(),
  open: z.string().nullable(),
  prev_close: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  limit_up: z.string().nullable(),
  limit_down: z.string().nullable(),
  lot_size: z.number(),
  min_qty: z.number(),
  qty_step: z.number(),
  shortable: z.boolean(),
  max_leverage: z.number(),
  time_zone: z.string(),
  price_min_decimals: z.number(),
  price_decimals: z.number(),
  phase: z.string(),
  seq: z.number(),
  ts: z.number().nullable(),
  source: z.string().nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailResponse>;

export const candleRowResponse = z.object({
  /** Bar start, epoch ms (daily and longer: the trading date's UTC midnight). */
  t: z.number(),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  c: z.string(),
  v: z.number(),
  /** Turnover in the instrument's currency, major units. */
  a: z.string(),
});
export type CandleRow = z.infer<typeof candleRowResponse>;

export const candlesResponse = z.object({
  symbol: z.string(),
  period: z.enum(CHART_PERIODS),
  range: z.enum(CHART_RANGES),
  adjust: z.enum(['none', 'qfq', 'hfq']),
  live_factor: z.string(),
  candles: z.array(candleRowResponse),
});
export const watchResponse = z.object({ symbol: z.string(), watched: z.boolean() });
