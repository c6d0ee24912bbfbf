import { orderUpdated, type Clock } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type Db, type WriteTrx } from '@kabuto/schema/db';
import { formatPrice } from '@kabuto/schema/market';
import { blockSettlePostings } from '@kabuto/schema/modules/block/domain/index.ts';
import {
  markOfferSettled,
  offersDueForSettlement,
  type BlockOffer,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  heldOrdersOf,
  type BlockOrder,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { journalMemo } from '@kabuto/schema/modules/ledger';
import { openPosition } from '@kabuto/schema/modules/trading';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';

/** Purchases settled per transaction (each is a journal and a position). */
const CHUNK = 200;
const ACTOR = { type: 'system', id: 'block-settlement' } as const;

export interface BlockSettlementDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly emitter: Pick<AccountEmitter, 'record'>;
  readonly logger?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * held → settled once: journal `block_settled` (hold:block → margin) and, only if the status moved,
 * the holding through trading's command (long, leverage 1, at the offer price, margin the cost, no
 * fee, no order), its id on the purchase, and the account events.
 */
async function settleOne(
  deps: BlockSettlementDeps,
  trx: WriteTrx,
  offer: BlockOffer,
  order: BlockOrder,
  nowMs: number,
): Promise<void> {
  const { userId } = order;
  const qty = order.lots * offer.lot;
  const price = formatPrice(offer.price, offer.market);
  await advance(trx, { kind: 'block_order', id: order.id, userId }, 'held', 'settled', {
    nowMs,
    set: { closed_at: nowMs },
    journal: {
      kind: 'block_settled',
      ...journalMemo('block_settled', { offer: offer.id, symbol: offer.symbol, qty, price }),
      actor: ACTOR,
      reference: `block_order:${order.id}`,
      postings: blockSettlePostings(userId, offer.currency, order.amount),
    },
    journalColumn: 'settle_journal_id',
    inbox: {
      kind: 'block_settled',
      params: { offer: String(offer.id), symbol: offer.symbol, qty: String(qty), price },
    },
    record: async (tx) => {
      const positionId = await openPosition(
        tx,
        {
          ...{ userId, orderId: 0n, side: 'long', leverage: 1, fee: 0n },
          instrument: { symbol: offer.symbol, currency: offer.currency },
          ...{ qty: BigInt(qty), price: offer.price, margin: order.amount },
        },
        nowMs,
      );
      await tx
        .updateTable('block_order')
        .set({ position_id: positionId })
        .where('id', '=', BigInt(order.id))
        .execute();
      const update = orderUpdated('filled', { order_id: '0', position_id: String(positionId) });
      await deps.emitter.record(tx, userId, 'order:updated', update);
      await deps.emitter.record(tx, userId, 'assets:updated', { reason: 'block_settled' });
      const message = { kind: 'block_settled' as const, order_id: String(order.id) };
      await deps.emitter.record(tx, userId, 'message:created', message);
    },
  });
}

/**
 * Settles one offer whose time has come: its held purchases become holdings in chunk
 * transactions; the offer is marked settled only in a pass that finds none held (a purchase that
 * committed late is settled by the next pass). A rerun finds nothing held and posts nothing.
 */
export async function settleOffer(deps: BlockSettlementDeps, offer: BlockOffer): Promise<number> {
  let settled = 0;
  for (;;) {
    const done = await writeTransaction(deps.db, async (trx) => {
      const nowMs = deps.clock.nowMs();
      const orders = await heldOrdersOf(trx, offer.id, CHUNK);
      for (const order of orders) await settleOne(deps, trx, offer, order, nowMs);
      if (orders.length === 0) await markOfferSettled(trx, offer.id, nowMs);
      return orders.length;
    });
    settled += done;
    if (done === 0) return settled;
  }
}

/** Every offer due for settlement and not settled yet; the purchases settled. */
export async function settleDueOffers(deps: BlockSettlementDeps): Promise<number> {
  let settled = 0;
  for (const offer of await offersDueForSettlement(deps.db, deps.clock.nowMs())) {
    settled += await settleOffer(deps, offer);
  }
  return settled;
}
