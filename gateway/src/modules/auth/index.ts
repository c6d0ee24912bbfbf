import type { GatewayModule } from '../../http/gateway-module.ts';
import { AUTH_CALLS } from './auth.calls.ts';
import { USER_ADMIN_CALLS } from './auth.admin-calls.ts';

/** The auth module's calls, as the gateway's module list registers them. */
export const authGateway: GatewayModule = {
  name: 'auth',
  calls: [...AUTH_CALLS],
  adminCalls: [...USER_ADMIN_CALLS],
};
