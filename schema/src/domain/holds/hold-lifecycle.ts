/**
 * One hold lifecycle (issue 11 item 2): a request that holds or promises money, then is posted or
 * voided once. Each kind lists, per status, the statuses it may move to; anything else is refused.
 * Withdrawals still mark approval with `approved_at` on `pending` (an explicit 'approved' status
 * is a migration still to do), so their lifecycle here is the part the table already states.
 */
export const HOLD_LIFECYCLES = {
  trade_order: { pending: ['filled', 'cancelled'] },
  deposit: { pending: ['approved', 'rejected'] },
  withdrawal: { pending: ['rejected', 'paid'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type HoldKind = keyof typeof HOLD_LIFECYCLES;

/** A status a hold of this kind can leave. */
export type HoldOpenStatus<K extends HoldKind> = keyof (typeof HOLD_LIFECYCLES)[K] & string;

/** The statuses a hold of this kind may move to from `F`. */
export type HoldNextStatus<
  K extends HoldKind,
  F extends HoldOpenStatus<K>,
> = (typeof HOLD_LIFECYCLES)[K][F] extends readonly (infer S)[] ? S & string : never;

/** Whether a hold of this kind may move from `from` to `to` (for statuses read at run time). */
export function canAdvanceHold(kind: HoldKind, from: string, to: string): boolean {
  const next = (HOLD_LIFECYCLES[kind] as Record<string, readonly string[] | undefined>)[from];
  return next?.includes(to) ?? false;
}
