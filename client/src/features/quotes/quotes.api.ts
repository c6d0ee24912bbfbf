import type {
  CallInput,
  CandleRow,
  ChartPeriod,
  ChartRange,
  QuoteDetail,
  QuoteRow,
} from '@kabuto/schema/contracts';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { quoteDetail, searchQuotes } from '../../lib/instrument-search.ts';

export type { CandleRow, ChartPeriod, ChartRange, QuoteDetail, QuoteRow };
export type Market = 'JP' | 'US' | 'CN';
export type Adjust = 'none' | 'qfq' | 'hfq';

const lang = () => storage.language();

/** The quote calls that answer with rows, each in the reader's language. */
type QuoteListPath =
  | 'quote/search'
  | 'quote/market'
  | 'quote/indices'
  | 'quote/hot'
  | 'quote/rankings'
  | 'quote/watchlist';

async function list<P extends QuoteListPath>(
  path: P,
  payload: Omit<CallInput<P>, 'lang'>,
): Promise<QuoteRow[]> {
  const response = await callApi<QuoteListPath>(
    path,
    { ...payload, lang: lang() },
    { quiet: true },
  );
  return response.status === 1 && Array.isArray(response.data) ? response.data : [];
}

export const quotesApi = {
  search: searchQuotes,
  market: (market: Market) => list('quote/market', { market }),
  indices: () => list('quote/indices', {}),
  hot: () => list('quote/hot', {}),
  rankings: (market: Market, kind: 'gainers' | 'losers' | 'turnover') =>
    list('quote/rankings', { market, kind, limit: '10' }),
  watchlist: () => list('quote/watchlist', {}),
  detail: quoteDetail,
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
    const payload = { symbol, period, adjust, ...(range ? { range } : {}) };
    const response = await callApi('quote/candles', payload, { quiet: true });
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
