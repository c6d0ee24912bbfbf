/**
 * The ledger door's pure face: the journal and account rules with no database code, for a
 * product's `domain/` (pure) and anything the client bundles. `public.ts` re-exports all of it.
 */
export { transfer, type Posting } from '../../domain/ledger/journal.ts';
export { platformAccount, userAccount } from '../../domain/ledger/accounts.ts';
export { computeAccountSummary, type AccountSummary } from '../../domain/ledger/summary.ts';
export { journalMemo } from '../../domain/ledger/journal-memo.ts';
