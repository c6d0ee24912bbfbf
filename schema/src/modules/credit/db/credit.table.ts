import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/**
 * One addition of margin to an open position (`trade/addcredit`). Status follows
 * `HOLD_LIFECYCLES.position_credit`: open while the position is open, returned (with
 * `returned_at`) when the position closes in full and its margin, this amount included, goes back
 * to cash. Amounts in minor units of the position's currency.
 */
export interface PositionCreditTable {
  id: Id;
  user_id: Int;
  position_id: Int;
  currency: string;
  amount: Int;
  /** open | returned */
  status: LifecycleStatus<HoldStatus<'position_credit'>>;
  request_id: string;
  /** The `credit_add` journal (written in the same transaction, just after the row). */
  journal_id: Int | null;
  created_at: Int;
  returned_at: Int | null;
}

/** The added-credit module's tables. */
export interface CreditTables {
  position_credit: PositionCreditTable;
}

export type PositionCreditRow = Selectable<PositionCreditTable>;
