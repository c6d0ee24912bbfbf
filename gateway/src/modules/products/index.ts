import type { GatewayModule } from '../../http/gateway-module.ts';
import { PRODUCT_CALLS } from './products.calls.ts';
import { PRODUCT_ADMIN_CALLS } from './products.admin-calls.ts';

/** The copy-trading products module's calls, as the gateway's module list registers them. */
export const productsGateway: GatewayModule = {
  name: 'products',
  calls: [...PRODUCT_CALLS],
  adminCalls: [...PRODUCT_ADMIN_CALLS],
};
