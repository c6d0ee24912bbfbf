import type { CallContract } from '../../contracts/http/answers.ts';
import {
  candlesRequest,
  candlesResponse,
  detailRequest,
  marketListRequest,
  quoteDetailResponse,
  quoteListResponse,
  rankingsRequest,
  searchRequest,
  watchRequest,
  watchResponse,
  watchlistRequest,
} from '../../contracts/http/quotes.dto.ts';
import { defineWiring } from '../define-wiring.ts';
import * as createMarketData from '../../db/migrations/2026_11_21_100000_create_market_data.ts';

/** The quotes module's calls, back-office calls and migrations (kernel). */
export const quotesWiring = defineWiring({
  name: 'quotes',
  calls: {
    'quote/search': { input: searchRequest, output: quoteListResponse },
    'quote/detail': { input: detailRequest, output: quoteDetailResponse },
    'quote/candles': { input: candlesRequest, output: candlesResponse },
    'quote/rankings': { input: rankingsRequest, output: quoteListResponse },
    'quote/indices': { input: marketListRequest, output: quoteListResponse },
    'quote/market': { input: marketListRequest, output: quoteListResponse },
    'quote/hot': { input: marketListRequest, output: quoteListResponse },
    'quote/watchlist': { input: watchlistRequest, output: quoteListResponse },
    'quote/watch': { input: watchRequest, output: watchResponse },
    'quote/unwatch': { input: watchRequest, output: watchResponse },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_21_100000_create_market_data': createMarketData,
  },
});
