import type { Currency } from '../money/currency.ts';
import type { RateLookup } from '../money/convert.ts';
import { money, type Money } from '../money/money.ts';
import { displayValuation } from '../trading/valuation.ts';
import { isHoldKind, type UserAccountKind } from './accounts.ts';

export interface BalanceLine {
  readonly kind: UserAccountKind;
  readonly currency: Currency;
  readonly amountMinor: bigint;
}

/** An open position's valuation, in its own currency (filled in by the trading issue). */
export interface PositionValue {
  readonly currency: Currency;
  readonly marketValueMinor: bigint;
  readonly unrealizedPnlMinor: bigint;
}

export interface AccountSummary {
  readonly currency: Currency;
  readonly total: Money;
  readonly marketValue: Money;
  readonly available: Money;
  readonly frozen: Money;
  readonly frozenByKind: Readonly<Record<string, Money>>;
  readonly debt: Money;
  readonly unrealizedPnl: Money;
  /** Currencies held but without a feed rate: left out of the totals and named here. */
  readonly unpriced: readonly Currency[];
  /** Cash in each currency held, unconverted: the buying power an order in that currency sees. */
  readonly cashByCurrency: Readonly<Partial<Record<Currency, Money>>>;
}

/**
 * The account summary of DESIGN.md section 3, in one display currency at the feed's FX.
 * total = available + frozen (holds and margin) + unrealised P&L; debt is shown beside it.
 */
export function computeAccountSummary(input: {
  displayCurrency: Currency;
  balances: readonly BalanceLine[];
  positions: readonly PositionValue[];
  rate: RateLookup;
}): AccountSummary {
  const target = input.displayCurrency;
  const valuation = displayValuation(target, input.rate);
  const toTarget = valuation.toDisplay;
  let available = 0n;
  let debt = 0n;
  const frozenByKind = new Map<string, bigint>();
  const cashByCurrency: Partial<Record<Currency, Money>> = {};
  for (const line of input.balances) {
    if (line.kind === 'cash') {
      cashByCurrency[line.currency] = money(line.currency, line.amountMinor);
    }
    const value = toTarget(line.currency, line.amountMinor);
    if (value === undefined) continue;
    if (line.kind === 'cash') available += value;
    else if (line.kind === 'loan') debt += -value;
    else if (isHoldKind(line.kind)) {
      frozenByKind.set(line.kind, (frozenByKind.get(line.kind) ?? 0n) + value);
    }
  }
  let marketValue = 0n;
  let unrealizedPnl = 0n;
  for (const position of input.positions) {
    const value = toTarget(position.currency, position.marketValueMinor);
    const pnl = toTarget(position.currency, position.unrealizedPnlMinor);
    if (value === undefined || pnl === undefined) continue;
    marketValue += value;
    unrealizedPnl += pnl;
  }
  const frozen = [...frozenByKind.values()].reduce((sum, v) => sum + v, 0n);
  return {
    currency: target,
    total: money(target, available + frozen + unrealizedPnl),
    marketValue: money(target, marketValue),
    available: money(target, available),
    frozen: money(target, frozen),
    frozenByKind: Object.fromEntries(
      [...frozenByKind].map(([kind, minor]) => [kind, money(target, minor)]),
    ),
    debt: money(target, debt),
    unrealizedPnl: money(target, unrealizedPnl),
    unpriced: valuation.unpriced(),
    cashByCurrency,
  };
}
