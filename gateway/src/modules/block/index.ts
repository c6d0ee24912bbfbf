import type { GatewayModule } from '../../http/gateway-module.ts';
import { BLOCK_CALLS } from './block.calls.ts';
import { BLOCK_ADMIN_CALLS } from './block.admin-calls.ts';

/** The block-trades module's calls, as the gateway's module list registers them. */
export const blockGateway: GatewayModule = {
  name: 'block',
  calls: [...BLOCK_CALLS],
  adminCalls: [...BLOCK_ADMIN_CALLS],
};
