import type { GatewayModule } from '../../http/gateway-module.ts';
import { LOAN_CALLS } from './loans.calls.ts';
import { LOAN_ADMIN_CALLS } from './loans.admin-calls.ts';

/** The loans module's calls, as the gateway's module list registers them. */
export const loansGateway: GatewayModule = {
  name: 'loans',
  calls: [...LOAN_CALLS],
  adminCalls: [...LOAN_ADMIN_CALLS],
};
