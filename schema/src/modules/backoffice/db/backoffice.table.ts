import type { Id, Int } from '../../../db/column-types.ts';

/** One recovery code of a staff member's second factor (hashed; used once). */
export interface StaffRecoveryCodeTable {
  id: Id;
  admin_id: Int;
  code_hash: string;
  used_at: Int | null;
  created_at: Int;
}

export interface BackofficeTables {
  staff_recovery_code: StaffRecoveryCodeTable;
}
