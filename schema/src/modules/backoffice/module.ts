import { defineModule, types } from '../define-module.ts';
import type { BackofficeTables } from './db/backoffice.table.ts';

/**
 * The back office: staff, their roles (the role × power table in `contracts/http/staff-roles.ts`),
 * two-factor sign-in and the audit log. Moves no money: no journal kinds, holds or queues.
 */
export const backofficeModule = defineModule({
  name: 'backoffice',
  layer: 'kernel',
  types: types<{ tables: BackofficeTables }>(),
});
