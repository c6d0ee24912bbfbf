import { Refusal } from '@kabuto/schema/contracts';
import { hashRequest, runIdempotent, writeTransaction, type WriteTrx } from '@kabuto/schema/db';
import { parseWholeMajorAmount } from '@kabuto/schema/domain';
import { isShortOfCash, journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import { followHoldPostings, followRefusal } from '@kabuto/schema/modules/products/domain/index.ts';
import {
  findProduct,
  touchOpenProduct,
  type Product,
} from '@kabuto/schema/modules/products/db/products.repository.ts';
import { insertProductOrder } from '@kabuto/schema/modules/products/db/orders.repository.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { requireVerified } from '../funds/public.ts';
import { moneyIn } from './product-wire.ts';

export interface FollowInput {
  readonly id: number;
  readonly amount: string | number;
  readonly request_id: string;
}

async function followIn(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  product: Product,
  amount: bigint,
  input: FollowInput,
  nowMs: number,
) {
  const refusal = followRefusal(product, amount, nowMs);
  if (refusal) throw new Refusal(refusal);
  // Still open as this transaction writes: a close committed meanwhile refuses the follow (on
  // PostgreSQL the conditional touch also waits for a close under way, and sees its result).
  if (!(await touchOpenProduct(trx, product.id, nowMs))) throw new Refusal('product_unavailable');
  const orderId = await insertProductOrder(trx, {
    ...{ userId, productId: product.id, currency: product.currency, amount },
    ...{ requestId: input.request_id, nowMs },
  });
  const journalId = await postJournal(
    trx,
    {
      kind: 'product_follow',
      ...journalMemo('product_follow', { product: product.id, name: product.name, order: orderId }),
      actor: { type: 'user', id: userId },
      reference: `product_order:${orderId}`,
      postings: followHoldPostings(userId, product.currency, amount),
    },
    nowMs,
  ).catch((error: unknown) => {
    throw isShortOfCash(error) ? new Refusal('available_insufficient') : error;
  });
  const payload = {
    reason: 'product_followed' as const,
    product_id: String(product.id),
    order_id: String(orderId),
    currency: product.currency,
    amount: moneyIn(product, amount),
    journal_id: String(journalId),
  };
  await announceInTransaction(
    deps,
    trx,
    { userId, event: 'fund:updated', payload },
    'product_followed',
  );
  return { order_id: String(orderId), units: null, status: 'pending' as const };
}

/**
 * `product/follow`: a whole amount of the product's currency, at least its minimum, before its
 * deadline; the money moves from cash to `hold:product` (`product_follow`) and the order waits
 * for the next NAV, which issues its units. Any refusal (`product_unavailable`,
 * `follow_deadline_passed`, `product_min_amount`, `available_insufficient`) changes nothing; a
 * retry with the same request_id answers the first result.
 */
export async function followProduct(deps: GatewayDeps, userId: number, input: FollowInput) {
  if (deps.config.mode === 'live') await requireVerified(deps.db, userId);
  const requestHash = hashRequest({
    call: 'product/follow',
    id: input.id,
    amount: String(input.amount).trim(),
  });
  return writeTransaction(
    deps.db,
    (trx) => {
      const nowMs = deps.clock.nowMs();
      return runIdempotent(
        trx,
        { userId, requestId: input.request_id, requestHash, nowMs },
        async () => {
          // Read in the write transaction: a product closed a moment ago is closed here.
          const product = await findProduct(trx, input.id);
          if (!product) throw new Refusal('product_unavailable');
          const amount = parseWholeMajorAmount(input.amount, product.currency);
          if (amount === null) {
            throw new Refusal('invalid_param', { fields: { amount: 'invalid' } });
          }
          return followIn(deps, trx, userId, product, amount, input, nowMs);
        },
      );
    },
    { lockUser: userId },
  );
}
