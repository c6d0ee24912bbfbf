import type { GatewayModule } from '../../http/gateway-module.ts';
import { INTRADAY_CALLS } from './intraday.calls.ts';
import { INTRADAY_ADMIN_CALLS } from './intraday.admin-calls.ts';

/** The intraday module's calls, as the gateway's module list registers them. */
export const intradayGateway: GatewayModule = {
  name: 'intraday',
  calls: [...INTRADAY_CALLS],
  adminCalls: [...INTRADAY_ADMIN_CALLS],
};
