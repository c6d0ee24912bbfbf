import type { GatewayModule } from '../../http/gateway-module.ts';
import { KYC_CALLS } from './kyc.calls.ts';
import { KYC_ADMIN_CALLS } from './kyc.admin-calls.ts';

/** The kyc module's calls, as the gateway's module list registers them. */
export const kycGateway: GatewayModule = {
  name: 'kyc',
  calls: [...KYC_CALLS],
  adminCalls: [...KYC_ADMIN_CALLS],
};
