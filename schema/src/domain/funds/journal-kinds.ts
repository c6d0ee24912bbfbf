/** The journal kinds the funds module posts (deposits, withdrawals, currency exchange). */
export const FUNDS_JOURNAL_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_returned',
  'exchange',
] as const;
