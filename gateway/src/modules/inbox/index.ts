import type { GatewayModule } from '../../http/gateway-module.ts';
import { INBOX_CALLS } from './inbox.calls.ts';

/** The inbox module's calls, as the gateway's module list registers them. */
export const inboxGateway: GatewayModule = {
  name: 'inbox',
  calls: [...INBOX_CALLS],
};
