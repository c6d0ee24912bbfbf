/** Money in: a deposit approved by a reviewer. */
export const DEPOSIT_JOURNAL_KINDS = ['deposit'] as const;
/** Money out: the request's hold, its payment to the bank, or its return to cash. */
export const WITHDRAWAL_JOURNAL_KINDS = [
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_returned',
] as const;
/** Currency exchange: one journal with two legs. */
export const EXCHANGE_JOURNAL_KINDS = ['exchange'] as const;

/** The journal kinds the funds module posts (deposits, withdrawals, currency exchange). */
export const FUNDS_JOURNAL_KINDS = [
  ...DEPOSIT_JOURNAL_KINDS,
  ...WITHDRAWAL_JOURNAL_KINDS,
  ...EXCHANGE_JOURNAL_KINDS,
] as const;
