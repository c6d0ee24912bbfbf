import type { GatewayModule } from '../../http/gateway-module.ts';
import { BANK_CALLS } from './bank.calls.ts';

/** The bank module's calls, as the gateway's module list registers them. */
export const bankGateway: GatewayModule = {
  name: 'bank',
  calls: [...BANK_CALLS],
};
