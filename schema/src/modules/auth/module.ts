import { defineModule, types } from '../define-module.ts';
import type { AuthTables } from './db/auth.table.ts';

/**
 * Accounts, sessions, passwords (kernel): its msg keys are CONTRACT.md's (contracts/msg-keys.ts).
 * Its own table: the attempts spent on secret checks (`secret_attempt`).
 */
export const authModule = defineModule({
  name: 'auth',
  layer: 'kernel',
  types: types<{ tables: AuthTables }>(),
});
