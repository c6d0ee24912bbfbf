import { defineModule, types } from '../define-module.ts';
import { LOAN_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import type { LoanUpdated } from './contracts/loans.dto.ts';
import type { LoanTables } from './db/loans.table.ts';

/** The inbox messages a loan sends (one at each step, and a margin call at most once a day). */
export const LOAN_MESSAGE_KINDS = [
  'loan_applied',
  'loan_passed',
  'loan_rejected',
  'loan_repaid',
  'loan_margin_call',
] as const;
export type LoanMessageKind = (typeof LOAN_MESSAGE_KINDS)[number];

/** Yen loans against the account's equity: apply, review, disburse, daily interest, repay. */
export const loansModule = defineModule({
  name: 'loans',
  layer: 'product',
  // Repaying a loan that is not passed (under review, rejected, already repaid).
  refusalKeys: ['loan_not_repayable'],
  inboxKinds: LOAN_MESSAGE_KINDS,
  journalKinds: LOAN_JOURNAL_KINDS,
  statementGroups: { loans: { rank: 80, kinds: LOAN_JOURNAL_KINDS } },
  /**
   * An application holds nothing while `under_review`; the back office rejects it or passes it
   * (disbursed: cash in, debt on the loan account); a passed loan is `repaid` in full, once.
   */
  holdLifecycles: { loan: { under_review: ['passed', 'rejected'], passed: ['repaid'] } },
  queues: { loanInterest: 'loan-interest' },
  types: types<{
    accountEvents: { 'loan:updated': LoanUpdated };
    messages: { kind: LoanMessageKind; loan_id: string };
    queuePayloads: { 'loan-interest': { date: string } };
    tables: LoanTables;
  }>(),
});
