import type { GatewayModule } from '../../http/gateway-module.ts';
import { QUOTES_CALLS } from './quotes.calls.ts';
import { WATCHLIST_CALLS } from './watchlist.calls.ts';

/** The quotes module's calls, as the gateway's module list registers them. */
export const quotesGateway: GatewayModule = {
  name: 'quotes',
  calls: [...QUOTES_CALLS, ...WATCHLIST_CALLS],
};
