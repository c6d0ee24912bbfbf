/**
 * One hold lifecycle (issue 11 item 2): a request that holds or promises money, then is posted or
 * voided once. Each kind lists, per status, the statuses it may move to; anything else is refused.
 *
 * - deposit: a promise of money; the back office approves it (cash credited) or rejects it.
 * - withdrawal: cash held on request; the back office rejects it (hold back to cash) or approves
 *   it for payout; the payout worker claims it (`sending`) and calls the bank, then it is `paid`
 *   (hold to the bank) or `failed` (the bank refused: hold back to cash, never retried).
 * - ipo_subscription: an application holds nothing; the draw makes it `won` or `lost`; a winner
 *   pays (cash to hold:ipo, `paid`), waives, or is `forfeited` at the deadline; at listing the
 *   paid hold becomes a position's margin (`listed`).
 * - loan: an application holds nothing while `under_review`; the back office rejects it or passes
 *   it (disbursed: cash in, debt on the loan account); a passed loan is `repaid` in full, once.
 * - intraday_application: cash held on applying (`applied`); `trading` once its session opened
 *   (the first intraday order or the settlement stores it); the settlement at the close claims it
 *   (`submitted`), closes its positions and releases the hold with the P&L (`traded`); `failed`
 *   releases the hold untouched (a session that never opened).
 * - position_credit: an added credit is part of its position's margin (`open`) until the position
 *   closes in full, when it returns to cash with the margin (`returned`).
 * - kyc_submission: no money, but the same forward-only review: `pending`, then the back office
 *   approves or rejects it once (I10).
 *
 * `advance` (one row) and `advanceMany` (a set of rows, one statement) in `db/advance.ts` are the
 * only writers of these statuses; the tables type each `status` as `HoldStatus<kind>`.
 */
export const HOLD_LIFECYCLES = {
  trade_order: { pending: ['filled', 'cancelled'] },
  deposit: { pending: ['approved', 'rejected'] },
  withdrawal: {
    pending: ['approved', 'rejected'],
    approved: ['sending'],
    sending: ['paid', 'failed'],
  },
  ipo_subscription: {
    applied: ['won', 'lost'],
    won: ['paid', 'waived', 'forfeited'],
    paid: ['listed'],
  },
  loan: { under_review: ['passed', 'rejected'], passed: ['repaid'] },
  intraday_application: {
    applied: ['trading', 'failed'],
    trading: ['submitted'],
    submitted: ['traded'],
  },
  position_credit: { open: ['returned'] },
  kyc_submission: { pending: ['approved', 'rejected'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/** Every status a withdrawal can be in. */
export type WithdrawalStatus = HoldStatus<'withdrawal'>;

/** Withdrawal statuses still holding the user's money: one such withdrawal per user at most. */
export const OPEN_WITHDRAWAL_STATUSES = ['pending', 'approved', 'sending'] as const;

/** Statuses the payout worker pays: approved ones, and sending ones a crash or a bank outage left. */
export const PAYABLE_WITHDRAWAL_STATUSES = ['approved', 'sending'] as const;

export type HoldKind = keyof typeof HOLD_LIFECYCLES;

/** A status a hold of this kind can leave. */
export type HoldOpenStatus<K extends HoldKind> = keyof (typeof HOLD_LIFECYCLES)[K] & string;

/** The statuses a hold of this kind may move to from `F`. */
export type HoldNextStatus<
  K extends HoldKind,
  F extends HoldOpenStatus<K>,
> = (typeof HOLD_LIFECYCLES)[K][F] extends readonly (infer S)[] ? S & string : never;

/** Every status a hold of this kind can be in: the ones it can leave and the ones it can reach. */
export type HoldStatus<K extends HoldKind> = {
  [F in HoldOpenStatus<K>]: F | HoldNextStatus<K, F>;
}[HoldOpenStatus<K>];

/** Whether a hold of this kind may move from `from` to `to` (for statuses read at run time). */
export function canAdvanceHold(kind: HoldKind, from: string, to: string): boolean {
  const next = (HOLD_LIFECYCLES[kind] as Record<string, readonly string[] | undefined>)[from];
  return next?.includes(to) ?? false;
}
