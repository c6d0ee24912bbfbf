import type { GatewayModule } from '../../http/gateway-module.ts';
import { IPO_CALLS } from './ipo.calls.ts';
import { IPO_ADMIN_CALLS } from './ipo.admin-calls.ts';

/** The ipo module's calls, as the gateway's module list registers them. */
export const ipoGateway: GatewayModule = {
  name: 'ipo',
  calls: [...IPO_CALLS],
  adminCalls: [...IPO_ADMIN_CALLS],
};
