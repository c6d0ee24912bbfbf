import { Refusal } from '@kabuto/schema/contracts';
import { hashRequest, runIdempotent, writeTransaction, type WriteTrx } from '@kabuto/schema/db';
import { findInstrument, formatPrice } from '@kabuto/schema/market';
import {
  BLOCK_MARKETS_DEFAULT,
  blockHoldPostings,
  checkPurchase,
  purchaseCost,
} from '@kabuto/schema/modules/block/domain/index.ts';
import { findOffer, takeLots } from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  insertOrder,
  lotsBoughtBy,
  setHoldJournal,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import type { Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction, configValue } from '../common/public.ts';
import { requireVerified } from '../funds/public.ts';
import { moneyOf } from './block-wire.ts';
import { placementKeyMatches } from '@kabuto/schema/modules/block/db/placement-key.ts';

export interface BuyInput {
  readonly id: number;
  readonly lots: number;
  readonly key?: string | undefined;
  readonly request_id: string;
}

/** The markets with block offers: config `block_markets` (comma-separated), JP by default. */
export async function blockMarkets(db: Db): Promise<readonly string[]> {
  const configured = await configValue(db, 'block_markets');
  if (configured === undefined) return BLOCK_MARKETS_DEFAULT;
  return configured
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
}

/** Who and what may not buy at all: an index, a market without block offers, live and unverified. */
async function requireBuyable(deps: GatewayDeps, userId: number, symbol: string, market: string) {
  const instrument = findInstrument(symbol);
  if (!instrument || instrument.kind !== 'stock') throw new Refusal('cannot_buy');
  if (!(await blockMarkets(deps.db)).includes(market)) throw new Refusal('cannot_buy');
  if (deps.config.mode === 'live') {
    await requireVerified(deps.db, userId).catch(() => {
      throw new Refusal('cannot_buy');
    });
  }
}

const isShortOfCash = (error: unknown) =>
  error instanceof Refusal && error.msg === 'balance_insufficient';

async function buyIn(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  input: BuyInput,
  nowMs: number,
): Promise<{ order_id: string }> {
  const offer = await findOffer(trx, input.id);
  if (!offer) throw new Refusal('not_found');
  if (offer.rule !== 'first_come') throw new Refusal('cannot_buy');
  const alreadyBought = await lotsBoughtBy(trx, userId, offer.id);
  const refusal = checkPurchase(offer, { lots: input.lots, alreadyBought }, nowMs);
  if (refusal === 'block_trade_closed') throw new Refusal(refusal);
  if (offer.keyHash !== null && !placementKeyMatches(offer.keyHash, input.key)) {
    throw new Refusal('key_mismatch');
  }
  if (refusal) throw new Refusal(refusal);
  // The lots first, conditionally: of concurrent buyers only those who find enough left get any.
  if (!(await takeLots(trx, offer.id, input.lots))) throw new Refusal('quota_insufficient');
  const amount = purchaseCost(offer.market, offer.price, offer.lot, input.lots);
  const orderId = await insertOrder(trx, {
    ...{ offerId: offer.id, userId, lots: input.lots, amount },
    ...{ requestId: input.request_id, nowMs },
  });
  const price = formatPrice(offer.price, offer.market);
  const journalId = await postJournal(
    trx,
    {
      kind: 'block_hold',
      ...journalMemo('block_hold', {
        offer: offer.id,
        symbol: offer.symbol,
        lots: input.lots,
        price,
      }),
      actor: { type: 'user', id: userId },
      reference: `block_order:${orderId}`,
      postings: blockHoldPostings(userId, offer.currency, amount),
    },
    nowMs,
  ).catch((error: unknown) => {
    throw isShortOfCash(error) ? new Refusal('available_insufficient') : error;
  });
  await setHoldJournal(trx, orderId, journalId);
  const payload = {
    reason: 'block_purchased' as const,
    offer_id: String(offer.id),
    order_id: String(orderId),
    lots: input.lots,
    currency: offer.currency,
    amount: moneyOf(offer, amount),
    journal_id: String(journalId),
  };
  await announceInTransaction(
    deps,
    trx,
    { userId, event: 'fund:updated', payload },
    'block_purchased',
  );
  return { order_id: String(orderId) };
}

/**
 * `block/buy` (first-come offers): inside the window, the key when the offer has one, lots within
 * min and the buyer's max, taken from the lots left by one conditional update; the cost moves from
 * cash to `hold:block` (`block_hold`) in the same transaction, under the user lock. Any refusal
 * rolls the whole transaction back; a retry with the same request_id answers the first result.
 */
export async function buyBlock(deps: GatewayDeps, userId: number, input: BuyInput) {
  const offer = await findOffer(deps.db, input.id);
  if (!offer) throw new Refusal('not_found');
  await requireBuyable(deps, userId, offer.symbol, offer.market);
  const requestHash = hashRequest({
    call: 'block/buy',
    id: input.id,
    lots: input.lots,
    key: input.key ?? '',
  });
  return writeTransaction(
    deps.db,
    (trx) => {
      const nowMs = deps.clock.nowMs();
      return runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        buyIn(deps, trx, userId, input, nowMs),
      );
    },
    { lockUser: userId },
  );
}
