import type { Id, Int } from '../../../db/column-types.ts';

/** One recovery code of a staff member's second factor (hashed; used once). */
export interface StaffRecoveryCodeTable {
  id: Id;
  admin_id: Int;
  code_hash: string;
  used_at: Int | null;
  created_at: Int;
}

/** A year of a market's closures staff entered, with the notice it came from. */
export interface ExchangeCalendarYearTable {
  /** US, JP or CN. */
  market: string;
  year: Int;
  source: string;
  entered_by: Int;
  entered_at: Int;
}

/** One day a market is closed, as staff entered it (`YYYY-MM-DD`, the exchange's own date). */
export interface ExchangeClosureTable {
  /** US, JP or CN. */
  market: string;
  date: string;
}

export interface BackofficeTables {
  staff_recovery_code: StaffRecoveryCodeTable;
  exchange_calendar_year: ExchangeCalendarYearTable;
  exchange_closure: ExchangeClosureTable;
}
