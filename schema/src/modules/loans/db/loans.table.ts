import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/** A user's loan credit, set by the back office: a score (shown) and a limit in yen. */
export interface LoanCreditTable {
  user_id: Int;
  credit_score: Int;
  /** Yen; the collateral cap (`loanCollateralCapFloor`) may allow less. */
  limit_amount: Int;
  updated_at: Int;
  /** The admin who set it. */
  updated_by: Int;
}

/**
 * One loan (yen). Status follows `HOLD_LIFECYCLES.loan`: under_review → passed | rejected;
 * passed → repaid. Outstanding = principal + accrued_interest (the loan account's debt).
 */
export interface LoanTable {
  id: Id;
  user_id: Int;
  /** Always JPY (`LOAN_CURRENCY`). */
  currency: string;
  /** What was applied for and, once passed, disbursed. */
  amount: Int;
  /** Principal still owed: the amount once passed, 0 once repaid (and before it is passed). */
  principal: Int;
  /** Interest accrued and not yet repaid. */
  accrued_interest: Int;
  /** under_review | passed | rejected | repaid */
  status: LifecycleStatus<HoldStatus<'loan'>>;
  request_id: string;
  created_at: Int;
  decided_at: Int | null;
  decided_by: Int | null;
  reason: string | null;
  disburse_journal_id: Int | null;
  repaid_at: Int | null;
  repay_journal_id: Int | null;
  /** The Tokyo date of the last margin-call message (at most one a day). */
  margin_call_date: string | null;
}

/** One day's interest on one loan: the daily job's claim (primary key loan_id + accrual_date). */
export interface LoanInterestAccrualTable {
  loan_id: Int;
  /** Tokyo calendar date, YYYY-MM-DD. */
  accrual_date: string;
  amount: Int;
  journal_id: Int | null;
  created_at: Int;
}

/** The loans module's tables. */
export interface LoanTables {
  loan_credit: LoanCreditTable;
  loan: LoanTable;
  loan_interest_accrual: LoanInterestAccrualTable;
}

export type LoanRow = Selectable<LoanTable>;
export type LoanCreditRow = Selectable<LoanCreditTable>;
