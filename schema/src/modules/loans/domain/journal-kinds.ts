/** The journal kinds the loans module posts: disbursement, daily interest, repayment. */
export const LOAN_JOURNAL_KINDS = ['loan_disbursed', 'loan_interest', 'loan_repaid'] as const;
