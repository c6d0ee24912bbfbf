import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import {
  averageDailyReturnMicro,
  formatMicroPercent,
  formatNav,
  formatUnits,
  maxDrawdownMicro,
  orderDisplayState,
  specOrderStatus,
  valueOfUnitsDown,
} from '@kabuto/schema/modules/products/domain/index.ts';
import type { Product } from '@kabuto/schema/modules/products/db/products.repository.ts';
import type { ProductOrder } from '@kabuto/schema/modules/products/db/orders.repository.ts';

export const moneyIn = (product: Pick<Product, 'currency'>, minor: bigint): string =>
  formatScaled(minor, scaleOf(product.currency));

export const navIn = (product: Pick<Product, 'currency'>, nav: bigint): string =>
  formatNav(nav, scaleOf(product.currency));

/** Open while the back office has it open and its deadline has not passed (server clock). */
export function productPhase(product: Product, nowMs: number): 'open' | 'closed' {
  return product.status === 'open' && nowMs <= product.deadlineMs ? 'open' : 'closed';
}

/** One product as `product/list` shows it; `navs` its NAV history, oldest first. */
export function productToWire(product: Product, navs: readonly bigint[], nowMs: number) {
  return {
    id: String(product.id),
    name: product.name,
    issuer: product.issuer,
    strategy: product.strategy,
    universe: [...product.universe],
    market: product.market,
    currency: product.currency,
    nav: navIn(product, product.nav),
    nav_date: product.navDate,
    avg_daily_return: formatMicroPercent(averageDailyReturnMicro(navs)),
    max_drawdown: formatMicroPercent(maxDrawdownMicro(navs)),
    min_amount: moneyIn(product, product.minAmount),
    deadline: product.deadlineMs,
    lockup_days: product.lockupDays,
    fee_bps: product.feeBps,
    status: productPhase(product, nowMs),
  };
}

/**
 * One of the user's orders: the spec's status and money, its state on `today`, and its value and
 * profits at the product's last NAV (`previousNav` the one before, for the day's profit).
 */
export function orderToWire(
  order: ProductOrder & { productName: string },
  product: Product,
  previousNav: bigint | null,
  today: string,
) {
  const holds = order.status === 'following' || order.status === 'redeeming';
  const value = holds ? valueOfUnitsDown(order.units, product.nav) : null;
  const dayStart =
    holds &&
    previousNav !== null &&
    order.struckDate !== null &&
    order.struckDate < (product.navDate ?? '')
      ? valueOfUnitsDown(order.units, previousNav)
      : null;
  const money = (minor: bigint | null) => (minor === null ? null : moneyIn(product, minor));
  return {
    id: String(order.id),
    product_id: String(order.productId),
    name: order.productName,
    currency: order.currency,
    status: specOrderStatus(order.status),
    state: orderDisplayState(order, today),
    money: moneyIn(product, order.amount),
    units: formatUnits(order.units),
    strike_nav: order.strikeNav === null ? null : navIn(product, order.strikeNav),
    value: money(value),
    daily_profit: money(value !== null && dayStart !== null ? value - dayStart : holds ? 0n : null),
    total_profit: money(value !== null ? value - order.amount : null),
    lockup_end: order.lockupEnd,
    redeem_amount: money(order.redeemAmount),
    pay_date: order.payDate,
    created_at: order.createdAtMs,
  };
}
