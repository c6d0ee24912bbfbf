import type { GatewayModule } from '../../http/gateway-module.ts';
import { USER_CALLS } from './user.calls.ts';
import { PASSWORD_CALLS } from './passwords.calls.ts';

/** The user module's calls, as the gateway's module list registers them. */
export const userGateway: GatewayModule = {
  name: 'user',
  calls: [...USER_CALLS, ...PASSWORD_CALLS],
};
