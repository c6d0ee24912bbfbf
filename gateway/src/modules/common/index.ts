import type { GatewayModule } from '../../http/gateway-module.ts';
import { COMMON_CALLS } from './common.calls.ts';

/** The common module's calls, as the gateway's module list registers them. */
export const commonGateway: GatewayModule = {
  name: 'common',
  calls: [...COMMON_CALLS],
};
