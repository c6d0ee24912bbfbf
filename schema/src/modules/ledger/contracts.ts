import { z } from 'zod';
import { REVERSAL_CAUSES } from './domain/reversal.ts';

/** The ledger's back-office calls: a journal looked up, corrections with four eyes, reconcile. */
const rowId = z.string().regex(/^[1-9]\d{0,17}$/);
const reason = z.string().trim().min(3).max(200);

const posting = z.object({
  /** `u:42:cash:JPY` for a user's account, `platform:bank:JPY` for the house's. */
  account: z.string(),
  currency: z.string(),
  /** Signed, in the currency's major units ("-1500.00"). */
  amount: z.string(),
});

export const journalRequest = z.strictObject({ id: rowId });
export const journalResponse = z.object({
  id: z.string(),
  kind: z.string(),
  memo: z.string(),
  /** The memo's template and parameters, for the console to show in its language. */
  memo_params: z.record(z.string(), z.string()).nullable(),
  account: z.string().nullable(),
  created_at: z.number(),
  postings: z.array(posting),
  /** Null when it may be corrected here; else why not (a msg key's detail). */
  not_reversible: z.string().nullable(),
  /** The correction asked for or approved, if any. */
  reversal: z.object({ id: z.string(), status: z.string() }).nullable(),
});

export const reversalProposeRequest = z.strictObject({
  journal_id: rowId,
  /** Staff's own reason: the back office and the audit log only. */
  reason,
  /** What the user is told, worded in their language. */
  cause: z.enum(REVERSAL_CAUSES),
});
export const reversalProposeResponse = z.object({ id: z.string() });

export const reversalDecideRequest = z.strictObject({
  id: rowId,
  decision: z.enum(['approve', 'reject']),
  reason,
});

export const reversalListRequest = z.strictObject({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
});
export const reversalListResponse = z.array(
  z.object({
    id: z.string(),
    journal_id: z.string(),
    account: z.string(),
    reason: z.string(),
    cause: z.enum(REVERSAL_CAUSES),
    status: z.string(),
    /** What the entry moved in the user's cash ("-300000 JPY"), what the reversal moves back. */
    moved: z.string(),
    proposed_by: z.string(),
    proposed_at: z.number(),
    decided_by: z.string().nullable(),
    decided_at: z.number().nullable(),
    decision_reason: z.string().nullable(),
    reversal_journal_id: z.string().nullable(),
  }),
);

export const reconcileResponse = z.object({
  journals: z.number().int(),
  accounts: z.number().int(),
  breaches: z.array(z.object({ invariant: z.string(), detail: z.string() })),
  checked_at: z.number(),
});
