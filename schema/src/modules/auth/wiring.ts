import { defineWiring } from '../define-wiring.ts';
import * as createAccounts from '../../db/migrations/2026_11_21_090000_create_accounts.ts';

/** The auth module's migrations (kernel: its calls are still listed in contracts/http/call-map.ts). */
export const authWiring = defineWiring({
  name: 'auth',
  migrations: {
    '2026_11_21_090000_create_accounts': createAccounts,
  },
});
