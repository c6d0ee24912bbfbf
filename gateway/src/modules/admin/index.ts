import type { GatewayModule } from '../../http/gateway-module.ts';
import { BACK_OFFICE_AUTH_CALLS } from './admin.calls.ts';
import { CALENDAR_CALLS } from './calendar.admin-calls.ts';
import { CONFIG_CALLS } from './config.admin-calls.ts';
import { STAFF_CALLS } from './staff.admin-calls.ts';
import { queueTicketCall } from './queue-board.ts';

/** The admin module's calls, as the gateway's module list registers them. */
export const adminGateway: GatewayModule = {
  name: 'admin',
  adminCalls: [
    ...BACK_OFFICE_AUTH_CALLS,
    ...STAFF_CALLS,
    ...CONFIG_CALLS,
    ...CALENDAR_CALLS,
    queueTicketCall,
  ],
};
