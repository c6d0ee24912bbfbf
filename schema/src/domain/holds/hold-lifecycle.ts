import { recordOf, type RecordOf } from '../../modules/define-module.ts';
import { MODULES, type Modules } from '../../modules/index.ts';

/**
 * One hold lifecycle (issue 11 item 2): a request that holds or promises money, then is posted or
 * voided once. Each kind lists, per status, the statuses it may move to; anything else is refused.
 * Each module declares its own in its manifest (`holdLifecycles`, with what each status means).
 *
 * `advance` (one row) and `advanceMany` (a set of rows, one statement) in `db/advance.ts` are the
 * only writers of these statuses; the tables type each `status` as `HoldStatus<kind>`.
 */
export const HOLD_LIFECYCLES = recordOf(MODULES, 'holdLifecycles') as RecordOf<
  Modules,
  'holdLifecycles'
>;

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
