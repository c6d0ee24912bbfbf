import { addDays, type LocalDate } from '../../../domain/market/calendar-dates.ts';

/**
 * Follow and redeem rules, pure. A product is `open` for follows until its deadline, `closed`
 * (by the back office: no new follows, holders keep their units and redeem as usual) or `draft`
 * (created, not yet opened). An order is `pending` (money held, status 0 in the spec's list) until
 * the next NAV strikes it, then `following` (units issued, locked up until its lock-up end), then
 * `redeeming` (units valued at the next NAV), `redeemed` (amount owed, paid the next business day)
 * and `ended` (paid).
 */
export type ProductStatus = 'draft' | 'open' | 'closed';
export type ProductOrderStatus = 'pending' | 'following' | 'redeeming' | 'redeemed' | 'ended';

export type FollowRefusal = 'product_unavailable' | 'follow_deadline_passed' | 'product_min_amount';
export type RedeemRefusal = 'order_not_holding' | 'lockup_active';

export interface FollowableProduct {
  readonly status: ProductStatus;
  /** Follows are accepted up to and including this instant (UTC ms). */
  readonly deadlineMs: number;
  /** Minimum follow amount, minor units. */
  readonly minAmount: bigint;
}

/** Why a follow of `amount` at `nowMs` is refused, in the contract's order; null when it is accepted. */
export function followRefusal(
  product: FollowableProduct | undefined,
  amount: bigint,
  nowMs: number,
): FollowRefusal | null {
  if (product === undefined || product.status !== 'open') return 'product_unavailable';
  if (nowMs > product.deadlineMs) return 'follow_deadline_passed';
  if (amount < product.minAmount) return 'product_min_amount';
  return null;
}

/** The first date on which an order struck on `strikeDate` may be redeemed: `lockupDays` calendar days later. */
export function lockupEndDate(strikeDate: LocalDate, lockupDays: number): LocalDate {
  if (!Number.isInteger(lockupDays) || lockupDays < 0) {
    throw new RangeError('lock-up days must be a whole number ≥ 0');
  }
  return addDays(strikeDate, lockupDays);
}

export interface RedeemableOrder {
  readonly status: ProductOrderStatus;
  /** Null until the order is struck. */
  readonly lockupEnd: LocalDate | null;
}

/**
 * Why redeeming `order` on `today` (the product market's local date) is refused: an order that is
 * not following (already redeeming, redeemed or ended) is `order_not_holding`; a pending order or
 * one inside its lock-up is `lockup_active`.
 */
export function redeemRefusal(order: RedeemableOrder, today: LocalDate): RedeemRefusal | null {
  if (order.status === 'pending') return 'lockup_active';
  if (order.status !== 'following') return 'order_not_holding';
  if (order.lockupEnd === null || today < order.lockupEnd) return 'lockup_active';
  return null;
}

/** The state the user sees: following (lock-up over), locked up, or ended. */
export type ProductOrderDisplay = 'pending' | 'locked_up' | 'following' | 'redeeming' | 'ended';

export function orderDisplayState(order: RedeemableOrder, today: LocalDate): ProductOrderDisplay {
  switch (order.status) {
    case 'pending':
      return 'pending';
    case 'following':
      return order.lockupEnd !== null && today >= order.lockupEnd ? 'following' : 'locked_up';
    case 'redeeming':
    case 'redeemed':
      return 'redeeming';
    case 'ended':
      return 'ended';
  }
}

/** The spec's numeric status in `trade/userproductlist`: 0 while the money is held (pending), 1 following, 2 ended. */
export function specOrderStatus(status: ProductOrderStatus): 0 | 1 | 2 {
  if (status === 'pending') return 0;
  if (status === 'ended') return 2;
  return 1;
}
