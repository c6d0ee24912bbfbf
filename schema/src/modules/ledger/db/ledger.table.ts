import type { Id, Int } from '../../../db/column-types.ts';

/** A correction asked for by one administrator and decided by another (four eyes). */
export interface ReversalRequestTable {
  id: Id;
  journal_id: Int;
  user_id: Int;
  /** Staff's own reason (back office and audit log only). */
  reason: string;
  /** What the user is told (`REVERSAL_CAUSES`). */
  cause: string;
  /** pending, approved or rejected. */
  status: string;
  proposed_by: Int;
  proposed_at: Int;
  decided_by: Int | null;
  decided_at: Int | null;
  decision_reason: string | null;
  reversal_journal_id: Int | null;
}

export interface LedgerCorrectionTables {
  reversal_request: ReversalRequestTable;
}
