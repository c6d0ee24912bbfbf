import type { CallContract } from '../../contracts/http/answers.ts';
import { noData } from '../../contracts/http/answers.ts';
import { defineWiring } from '../define-wiring.ts';
import {
  newsAdminListResponse,
  newsAllRequest,
  newsCreateResponse,
  newsIdRequest,
  newsImportRequest,
  newsImportResponse,
  newsInfoRequest,
  newsInfoResponse,
  newsListRequest,
  newsListResponse,
  newsUpdateRequest,
  newsWriteRequest,
} from './contracts.ts';
import { seedNewsDemo } from './db/demo-news.ts';
import * as news from './db/migrations/2026_11_27_120000_news.ts';
import * as newsSource from './db/migrations/2026_11_27_143000_news_source.ts';

export const newsWiring = defineWiring({
  name: 'news',
  calls: {
    'news/list': { input: newsListRequest, output: newsListResponse },
    'news/info': { input: newsInfoRequest, output: newsInfoResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'news/all': { input: newsAllRequest, output: newsAdminListResponse },
    'news/create': { input: newsWriteRequest, output: newsCreateResponse },
    'news/update': { input: newsUpdateRequest, output: noData },
    'news/publish': { input: newsIdRequest, output: noData },
    'news/unpublish': { input: newsIdRequest, output: noData },
    'news/import': { input: newsImportRequest, output: newsImportResponse },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_27_120000_news': news,
    '2026_11_27_143000_news_source': newsSource,
  },
  seedDemo: seedNewsDemo,
});
