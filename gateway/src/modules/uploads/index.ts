import type { GatewayModule } from '../../http/gateway-module.ts';
import { UPLOADS_ADMIN_CALLS, UPLOADS_CALLS } from './uploads.calls.ts';

/** The uploads module's calls, as the gateway's module list registers them. */
export const uploadsGateway: GatewayModule = {
  name: 'uploads',
  calls: [...UPLOADS_CALLS],
  adminCalls: [...UPLOADS_ADMIN_CALLS],
};
