import type { CandleRow, ChartPeriod, ChartRange, QuoteRow } from '@kabuto/schema/contracts';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export type { CandleRow, ChartPeriod, ChartRange, QuoteRow };
export type Market = 'JP' | 'US' | 'CN';
export type Adjust = 'none' | 'qfq' | 'hfq';

export interface QuoteDetail extends QuoteRow {
  kind: 'stock' | 'index';
  currency: string;
  open: string | null;
  prev_close: string | null;
  high: string | null;
  low: string | null;
  limit_up: string | null;
  limit_down: string | null;
  lot_size: number;
  min_qty: number;
  qty_step: number;
  shortable: boolean;
  max_leverage: number;
  phase: string;
  time_zone: string;
  price_min_decimals: number;
  price_decimals: number;
  seq: number;
  source: string | null;
}

const lang = () => storage.language();

async function list(path: string, payload: Record<string, string>): Promise<QuoteRow[]> {
  const response = await callApi<QuoteRow[]>(path, { ...payload, lang: lang() }, { quiet: true });
  return response.status === 1 && Array.isArray(response.data) ? response.data : [];
}

export const quotesApi = {
  search: (keyword: string) => list('quote/search', { keyword }),
  market: (market: Market) => list('quote/market', { market }),
  indices: () => list('quote/indices', {}),
  hot: () => list('quote/hot', {}),
  rankings: (market: Market, kind: 'gainers' | 'losers' | 'turnover') =>
    list('quote/rankings', { market, kind, limit: '10' }),
  watchlist: () => list('quote/watchlist', {}),
  async detail(symbol: string): Promise<QuoteDetail | null> {
    const response = await callApi<QuoteDetail>(
      'quote/detail',
      { symbol, lang: lang() },
      { quiet: true },
    );
    return response.status === 1 ? (response.data ?? null) : null;
  },
  /**
   * Bars for a chart, the factor that maps raw live prices onto them (hfq), and the range shown.
   * `range` null asks for the period's default range (the gateway's, e.g. years of weeks).
   */
  async candles(
    symbol: string,
    period: ChartPeriod,
    range: ChartRange | null,
    adjust: Adjust,
  ): Promise<{ candles: CandleRow[]; factor: number; range: ChartRange | null }> {
    const payload: Record<string, string> = { symbol, period, adjust };
    if (range) payload['range'] = range;
    const response = await callApi<{
      candles: CandleRow[];
      live_factor: string;
      range: ChartRange;
    }>('quote/candles', payload, { quiet: true });
    if (response.status !== 1 || !response.data) return { candles: [], factor: 1, range };
    return {
      candles: response.data.candles,
      factor: Number(response.data.live_factor) || 1,
      range: response.data.range,
    };
  },
  async setWatched(symbol: string, watched: boolean): Promise<boolean> {
    const response = await callApi(watched ? 'quote/watch' : 'quote/unwatch', { symbol });
    return response.status === 1;
  },
};
