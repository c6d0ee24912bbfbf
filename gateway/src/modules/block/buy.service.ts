import { Refusal } from '@kabuto/schema/contracts';
import { hashRequest, runIdempotent, writeTransaction, type WriteTrx } from '@kabuto/schema/db';
import { findInstrument, formatPrice } from '@kabuto/schema/market';
import {
  BLOCK_MARKETS_DEFAULT,
  blockHoldPostings,
  checkPurchase,
  purchaseCost,
} from '@kabuto/schema/modules/block/domain/index.ts';
import {
  findOffer,
  offerSecrets,
  takeLots,
  touchUnfrozen,
  type BlockOffer,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  appliedOf,
  insertOrder,
  lotsBoughtBy,
  setHoldJournal,
  setTicket,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { ticketFor } from '@kabuto/schema/lottery';
import { isShortOfCash, journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import type { Db, SecretBox } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { checkWithLimits } from '../../infra/limiters.ts';
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

/** First come: the lots first, conditionally (of concurrent buyers only those who find enough). */
async function takeAndInsert(
  trx: WriteTrx,
  offer: BlockOffer,
  userId: number,
  input: BuyInput,
  cost: { amount: bigint; nowMs: number },
): Promise<number> {
  if (!(await takeLots(trx, offer.id, input.lots))) throw new Refusal('quota_insufficient');
  return insertOrder(trx, {
    ...{ offerId: offer.id, userId, lots: input.lots, amount: cost.amount },
    ...{ requestId: input.request_id, nowMs: cost.nowMs },
  });
}

/**
 * Lottery: an application for the lots, on the offer's row while its list is not frozen (the draw
 * takes the row before reading the list, so an application is either in the list or refused),
 * with its pseudonymous ticket (the offer's key opened with `write.box`).
 */
async function applyFor(
  trx: WriteTrx,
  offer: BlockOffer,
  userId: number,
  input: BuyInput,
  write: { amount: bigint; nowMs: number; box: SecretBox },
): Promise<number> {
  if (!(await touchUnfrozen(trx, offer.id))) throw new Refusal('block_trade_closed');
  const secrets = await offerSecrets(trx, offer.id, write.box);
  if (!secrets) throw new Error(`block offer ${offer.id}: lottery without secrets`);
  const orderId = await insertOrder(trx, {
    ...{ offerId: offer.id, userId, lots: input.lots, amount: write.amount, applied: true },
    ...{ requestId: input.request_id, nowMs: write.nowMs },
  });
  await setTicket(trx, orderId, ticketFor(secrets.listingKey, orderId));
  return orderId;
}

/**
 * The placement key, when the offer has one, checked only after spending an attempt from the
 * buyer's secret-check limit (5 wrong keys in 15 minutes, then too_frequent): a key cannot be
 * guessed by trying, in series or in parallel.
 */
async function requirePlacementKey(
  deps: GatewayDeps,
  userId: number,
  offer: BlockOffer,
  key: string | undefined,
): Promise<void> {
  const keyHash = offer.keyHash;
  if (keyHash === null) return;
  // A right key gives back its own attempt but never clears the wrong ones: knowing one offer's
  // key must not reset the count of guesses at another's.
  const limit = [
    { limiter: deps.limiters.fundSecrets, key: `block-key:${userId}`, onPass: 'refund' as const },
  ];
  const ok = await checkWithLimits(limit, () => Promise.resolve(placementKeyMatches(keyHash, key)));
  if (!ok) throw new Refusal('key_mismatch');
}

async function buyIn(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  input: BuyInput,
  nowMs: number,
): Promise<{ order_id: string }> {
  const offer = await findOffer(trx, input.id);
  if (!offer) throw new Refusal('not_found');
  const alreadyBought = await lotsBoughtBy(trx, userId, offer.id);
  const refusal = checkPurchase(offer, { lots: input.lots, alreadyBought }, nowMs);
  if (refusal) throw new Refusal(refusal);
  const amount = purchaseCost(offer.market, offer.price, offer.lot, input.lots);
  const orderId =
    offer.rule === 'lottery'
      ? await applyFor(trx, offer, userId, input, { amount, nowMs, box: deps.secrets })
      : await takeAndInsert(trx, offer, userId, input, { amount, nowMs });
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
 * `block/buy`: inside the window, the key when the offer has one, lots within min and the buyer's
 * max; first come: taken from the lots left by one conditional update; lottery: one application
 * per buyer, drawn at the close. The cost (of all lots applied for) moves from cash to
 * `hold:block` (`block_hold`) in the same transaction, under the user lock. Any refusal
 * rolls the whole transaction back; a retry with the same request_id answers the first result.
 */
export async function buyBlock(deps: GatewayDeps, userId: number, input: BuyInput) {
  const offer = await findOffer(deps.db, input.id);
  if (!offer) throw new Refusal('not_found');
  await requireBuyable(deps, userId, offer.symbol, offer.market);
  await requirePlacementKey(deps, userId, offer, input.key);
  const requestHash = hashRequest({
    call: 'block/buy',
    id: input.id,
    lots: input.lots,
    key: input.key ?? '',
  });
  const bought = await writeTransaction(
    deps.db,
    (trx) => {
      const nowMs = deps.clock.nowMs();
      return runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        buyIn(deps, trx, userId, input, nowMs),
      );
    },
    { lockUser: userId },
  );
  await publishLots(deps, offer.id);
  return { ...bought, offer };
}

/** The offer's lots left and applied as committed, to whoever watches it (the `block` topic). */
async function publishLots(deps: GatewayDeps, offerId: number): Promise<void> {
  const offer = await findOffer(deps.db, offerId);
  if (!offer) return;
  const applied = offer.rule === 'lottery' ? await appliedOf(deps.db, offerId) : null;
  deps.topics.publish({
    topic: 'block',
    key: String(offerId),
    data: {
      offer_id: String(offerId),
      lots_left: offer.lotsLeft,
      lots_applied: applied?.lotsApplied ?? 0,
      applicants: applied?.applicants ?? 0,
    },
  });
}
