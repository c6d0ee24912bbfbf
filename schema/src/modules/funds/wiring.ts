import { defineWiring } from '../define-wiring.ts';
import * as createFunds from '../../db/migrations/2026_11_22_100000_create_funds.ts';
import * as withdrawalPayouts from '../../db/migrations/2026_11_22_130000_withdrawal_payouts.ts';
import * as withdrawalOnePending from '../../db/migrations/2026_11_23_090000_withdrawal_one_pending.ts';
import * as withdrawalExplicitStatus from '../../db/migrations/2026_11_23_110000_withdrawal_explicit_status.ts';
import * as withdrawalClaimLease from '../../db/migrations/2026_11_23_120000_withdrawal_claim_lease.ts';

/** The funds module's migrations (kernel: its calls are still listed in contracts/http/call-map.ts). */
export const fundsWiring = defineWiring({
  name: 'funds',
  migrations: {
    '2026_11_22_100000_create_funds': createFunds,
    '2026_11_22_130000_withdrawal_payouts': withdrawalPayouts,
    '2026_11_23_090000_withdrawal_one_pending': withdrawalOnePending,
    '2026_11_23_110000_withdrawal_explicit_status': withdrawalExplicitStatus,
    '2026_11_23_120000_withdrawal_claim_lease': withdrawalClaimLease,
  },
});
