import { advance, writeTransaction } from '@kabuto/schema/db';
import { scaleOf } from '@kabuto/schema/domain';
import { journalMemo } from '@kabuto/schema/modules/ledger';
import {
  formatNav,
  formatUnits,
  marketToday,
  redeemPaidPostings,
} from '@kabuto/schema/modules/products/domain/index.ts';
import {
  struckProducts,
  type Product,
} from '@kabuto/schema/modules/products/db/products.repository.ts';
import { redemptionsDue } from '@kabuto/schema/modules/products/db/orders.repository.ts';
import { moneyOf, type NavStrikeDeps } from './nav-strike.ts';

const ACTOR = { type: 'system', id: 'product-redemption' } as const;

/**
 * Pays one product's redemptions whose payment day has come: redeemed → ended, what the book
 * owed from `platform:products` into the holder's cash (`product_redeem_paid`), one transaction
 * per order; a rerun finds them ended and pays nothing twice.
 */
async function payRedemptions(deps: NavStrikeDeps, product: Product): Promise<number> {
  const today = marketToday(product.market, deps.clock.nowMs());
  let paid = 0;
  for (const order of await redemptionsDue(deps.db, product.id, today)) {
    const amount = order.redeemAmount ?? 0n;
    const nav = formatNav(order.redeemNav ?? 0n, scaleOf(product.currency));
    const memo = { order: order.id, name: product.name, units: formatUnits(order.units), nav };
    const moved = await writeTransaction(deps.db, (trx) => {
      const nowMs = deps.clock.nowMs();
      return advance(
        trx,
        { kind: 'product_order', id: order.id, userId: order.userId },
        'redeemed',
        'ended',
        {
          nowMs,
          ...(amount > 0n
            ? {
                journal: {
                  kind: 'product_redeem_paid',
                  ...journalMemo('product_redeem_paid', memo),
                  actor: ACTOR,
                  reference: `product_order:${order.id}`,
                  postings: redeemPaidPostings(order.userId, product.currency, amount),
                },
              }
            : {}),
          inbox: {
            kind: 'product_paid',
            params: {
              ...{ name: product.name, units: memo.units, nav },
              ...{ amount: moneyOf(product, amount), currency: product.currency },
            },
          },
          record: async (tx) => {
            await deps.emitter.record(tx, order.userId, 'assets:updated', {
              reason: 'product_paid',
            });
            const message = { kind: 'product_paid' as const, order_id: String(order.id) };
            await deps.emitter.record(tx, order.userId, 'message:created', message);
          },
        },
      );
    });
    if (moved.advanced) paid += 1;
  }
  return paid;
}

/** Every product's redemptions due today, paid. */
export async function payDueRedemptions(deps: NavStrikeDeps): Promise<number> {
  let paid = 0;
  for (const product of await struckProducts(deps.db)) paid += await payRedemptions(deps, product);
  return paid;
}
