import type { GatewayModule } from '../../http/gateway-module.ts';
import { LEDGER_ADMIN_CALLS } from './ledger.admin-calls.ts';

/** The ledger's back-office calls: journals, corrections with four eyes, the reconcile report. */
export const ledgerGateway: GatewayModule = {
  name: 'ledger',
  adminCalls: [...LEDGER_ADMIN_CALLS],
};
