import { defineModule, types } from '../define-module.ts';
import type { AuthTables } from './db/auth.table.ts';

/**
 * Accounts, sessions, passwords (kernel): its msg keys are CONTRACT.md's (contracts/msg-keys.ts).
 * Its own table: the attempts spent on secret checks (`secret_attempt`).
 */
export const authModule = defineModule({
  name: 'auth',
  layer: 'kernel',
  /** A password reset tells the owner at once (a reset they did not ask for is a takeover). */
  inboxKinds: ['password_reset', 'fund_password_reset'],
  types: types<{
    tables: AuthTables;
    messages: { kind: 'password_reset' | 'fund_password_reset' };
  }>(),
});
