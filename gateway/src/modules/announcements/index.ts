import type { GatewayModule } from '../../http/gateway-module.ts';
import { ANNOUNCEMENT_CALLS } from './announcements.calls.ts';

/** The announcements module's calls, as the gateway's module list registers them. */
export const announcementsGateway: GatewayModule = {
  name: 'announcements',
  calls: [...ANNOUNCEMENT_CALLS],
};
