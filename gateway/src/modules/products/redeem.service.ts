import { Refusal } from '@kabuto/schema/contracts';
import { advance, hashRequest, runIdempotent, writeTransaction } from '@kabuto/schema/db';
import {
  marketToday,
  redeemRefusal,
  valueOfUnitsDown,
} from '@kabuto/schema/modules/products/domain/index.ts';
import { findProduct } from '@kabuto/schema/modules/products/db/products.repository.ts';
import { findOrderOf } from '@kabuto/schema/modules/products/db/orders.repository.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { moneyIn } from './product-wire.ts';

export interface RedeemInput {
  readonly order_id: number;
  readonly request_id: string;
}

/**
 * `product/redeem`: an order past its lock-up moves following → redeeming; the next NAV values
 * its units and the money is paid the next business day (decision 87). The answer's `amount` is
 * null until then and `estimate` is the units at the last NAV. `lockup_active` inside the
 * lock-up (or while pending), `order_not_holding` once redeemed; either changes nothing.
 */
export async function redeemProduct(deps: GatewayDeps, userId: number, input: RedeemInput) {
  const requestHash = hashRequest({ call: 'product/redeem', order_id: input.order_id });
  return writeTransaction(
    deps.db,
    (trx) => {
      const nowMs = deps.clock.nowMs();
      return runIdempotent(
        trx,
        { userId, requestId: input.request_id, requestHash, nowMs },
        async () => {
          const order = await findOrderOf(trx, userId, input.order_id);
          if (!order) throw new Refusal('not_found');
          const product = await findProduct(trx, order.productId);
          if (!product) throw new Refusal('not_found');
          const refusal = redeemRefusal(order, marketToday(product.market, nowMs));
          if (refusal) throw new Refusal(refusal);
          const moved = await advance(
            trx,
            { kind: 'product_order', id: order.id, userId },
            'following',
            'redeeming',
            { nowMs, set: { redeem_request_id: input.request_id } },
          );
          if (!moved.advanced) throw new Refusal('order_not_holding');
          const estimate = moneyIn(product, valueOfUnitsDown(order.units, product.nav));
          const payload = {
            reason: 'product_redeemed' as const,
            product_id: String(product.id),
            order_id: String(order.id),
            currency: product.currency,
            estimate,
          };
          await announceInTransaction(
            deps,
            trx,
            { userId, event: 'fund:updated', payload },
            'product_redeemed',
          );
          return { amount: null, estimate, status: 'redeeming' as const };
        },
      );
    },
    { lockUser: userId },
  );
}
