import type { AccountSummary } from '../../domain/index.ts';
import { toWire } from '../wire-money.ts';
import type { AssetsData } from './user.dto.ts';

export function summaryToWire(summary: AccountSummary): AssetsData {
  return {
    currency: summary.currency,
    total: toWire(summary.total),
    market_value: toWire(summary.marketValue),
    available: toWire(summary.available),
    frozen: toWire(summary.frozen),
    frozen_by_kind: Object.fromEntries(
      Object.entries(summary.frozenByKind).map(([k, v]) => [k, toWire(v)]),
    ),
    debt: toWire(summary.debt),
    unrealized_pnl: toWire(summary.unrealizedPnl),
    unpriced: [...summary.unpriced],
    cash: Object.fromEntries(
      Object.entries(summary.cashByCurrency).map(([currency, amount]) => [
        currency,
        toWire(amount),
      ]),
    ),
  };
}
