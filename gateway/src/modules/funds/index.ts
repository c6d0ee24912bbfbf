import type { GatewayModule } from '../../http/gateway-module.ts';
import { FUNDS_CALLS } from './funds.calls.ts';
import { FUNDS_ADMIN_CALLS } from './funds.admin-calls.ts';

/** The funds module's calls, as the gateway's module list registers them. */
export const fundsGateway: GatewayModule = {
  name: 'funds',
  calls: [...FUNDS_CALLS],
  adminCalls: [...FUNDS_ADMIN_CALLS],
};
