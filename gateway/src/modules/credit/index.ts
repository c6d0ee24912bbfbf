import type { GatewayModule } from '../../http/gateway-module.ts';
import { CREDIT_CALLS } from './credit.calls.ts';

/** The credit module's calls, as the gateway's module list registers them. */
export const creditGateway: GatewayModule = {
  name: 'credit',
  calls: [...CREDIT_CALLS],
};
