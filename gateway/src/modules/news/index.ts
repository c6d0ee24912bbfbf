import type { GatewayModule } from '../../http/gateway-module.ts';
import { NEWS_ADMIN_CALLS } from './news.admin-calls.ts';
import { NEWS_CALLS } from './news.calls.ts';
import { newsImportCall } from './news-import.admin-calls.ts';

/** The news module's calls, as the gateway's module list registers them. */
export const newsGateway: GatewayModule = {
  name: 'news',
  calls: [...NEWS_CALLS],
  adminCalls: [...NEWS_ADMIN_CALLS, newsImportCall],
};
