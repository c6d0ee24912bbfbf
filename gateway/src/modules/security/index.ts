import type { GatewayModule } from '../../http/gateway-module.ts';
import { SECURITY_CALLS } from './security.calls.ts';

/** The security module's calls, as the gateway's module list registers them. */
export const securityGateway: GatewayModule = {
  name: 'security',
  calls: [...SECURITY_CALLS],
};
