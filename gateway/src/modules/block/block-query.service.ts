import { DRAND_BEACON_LABEL, LOCAL_BEACON_LABEL, Refusal } from '@kabuto/schema/contracts';
import { LOTTERY_RULE } from '@kabuto/schema/lottery';
import type { Db, SecretBox } from '@kabuto/schema/db';
import { formatPrice, parseScaledPrice } from '@kabuto/schema/market';
import {
  discountPercent,
  offerPhase,
  purchaseCost,
} from '@kabuto/schema/modules/block/domain/index.ts';
import {
  findOffer,
  listOffers,
  offerSecrets,
  type BlockOffer,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  applicationsOf,
  appliedOf,
  lotsBoughtBy,
  ordersOfUser,
  salesOf,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { moneyOf, offerToWire, orderToWire, type Lang } from './block-wire.ts';

/** `block/list`: open, upcoming, or every offer, by the server clock. */
export async function listBlockOffers(
  db: Db,
  filter: 'open' | 'upcoming' | 'all',
  lang: Lang,
  nowMs: number,
) {
  const offers = await listOffers(db);
  const shown = offers.filter((offer) => filter === 'all' || offerPhase(offer, nowMs) === filter);
  return Promise.all(
    shown.map(async (offer) => offerToWire(offer, lang, nowMs, await appliedTo(db, offer))),
  );
}

/** The lots applied for on a lottery offer (nothing to count on a first-come one). */
async function appliedTo(db: Db, offer: BlockOffer) {
  return offer.rule === 'lottery' ? appliedOf(db, offer.id) : { lotsApplied: 0, applicants: 0 };
}

export async function offerOr404(db: Db, id: number): Promise<BlockOffer> {
  const offer = await findOffer(db, id);
  if (!offer) throw new Refusal('not_found');
  return offer;
}

async function livePrice(deps: GatewayDeps, offer: BlockOffer): Promise<bigint | null> {
  const snapshot = await deps.quotes.one(offer.symbol);
  if (!snapshot?.price) return null;
  try {
    return parseScaledPrice(snapshot.price, offer.market);
  } catch {
    return null;
  }
}

/** `block/detail`: the offer, the discount to the live price, the caller's lots on it. */
export async function blockOfferDetail(
  deps: GatewayDeps,
  userId: number,
  input: { id: number; lang: Lang },
) {
  const offer = await offerOr404(deps.db, input.id);
  const live = await livePrice(deps, offer);
  return {
    ...offerToWire(offer, input.lang, deps.clock.nowMs(), await appliedTo(deps.db, offer)),
    live_price: live === null ? null : formatPrice(live, offer.market),
    discount: discountPercent(offer.price, live),
    discount_to_prev_close: discountPercent(offer.price, offer.prevClose) ?? '0.00',
    my_lots: await lotsBoughtBy(deps.db, userId, offer.id),
    lot_cost: moneyOf(offer, purchaseCost(offer.market, offer.price, offer.lot, 1)),
    my_application: await applicationOf(deps.db, userId, offer),
  };
}

/** The caller's lottery application on the offer, if any. */
async function applicationOf(db: Db, userId: number, offer: BlockOffer) {
  if (offer.rule !== 'lottery') return null;
  const mine = (await ordersOfUser(db, userId)).find((o) => o.offerId === offer.id);
  if (!mine?.ticket) return null;
  return { ticket: mine.ticket, lots_applied: mine.lotsApplied ?? 0, lots_won: mine.lotsWon };
}

/** `block/orders`: the caller's purchases, newest first. */
export async function blockOrdersOf(db: Db, userId: number, lang: Lang) {
  const orders = await ordersOfUser(db, userId);
  const offers = new Map<number, BlockOffer>();
  const wire = [];
  for (const order of orders) {
    let offer = offers.get(order.offerId);
    if (!offer) {
      offer = await offerOr404(db, order.offerId);
      offers.set(offer.id, offer);
    }
    wire.push(orderToWire(order, offer, lang));
  }
  return wire;
}

/** The back office's list: every offer with what it sold. */
export async function adminBlockOffers(db: Db, nowMs: number) {
  const offers = await listOffers(db);
  return Promise.all(
    offers.map(async (offer) => {
      const sales = await salesOf(db, offer.id);
      return {
        ...offerToWire(offer, 'us', nowMs, await appliedTo(db, offer)),
        lots_sold: sales.lotsSold,
        buyers: sales.buyers,
      };
    }),
  );
}

/** `block/proof`: a lottery offer's published draw, in `ipo/proof`'s shape, only once drawn. */
export async function blockProof(deps: { db: Db; secrets: SecretBox }, id: number) {
  const { db } = deps;
  const offer = await offerOr404(db, id);
  const secrets = await offerSecrets(db, id, deps.secrets);
  const { lottery } = offer;
  const draw = secrets?.beacon;
  if (offer.rule !== 'lottery' || !draw || !lottery.listHash || !lottery.seedCommitment) {
    throw new Refusal('allotment_not_drawn');
  }
  const entries = await applicationsOf(db, offer.id);
  const round = draw.beaconRound;
  const label =
    lottery.beaconKind !== 'drand'
      ? LOCAL_BEACON_LABEL
      : `${DRAND_BEACON_LABEL}${round === null ? '' : `, round ${round}`}`;
  return {
    rule: LOTTERY_RULE,
    listing_id: String(offer.id),
    seed_commitment: lottery.seedCommitment,
    seed: secrets.seed,
    beacon_kind: lottery.beaconKind,
    beacon: draw.beacon,
    beacon_round: round,
    beacon_signature: draw.beaconSignature,
    beacon_label: label,
    list_hash: lottery.listHash,
    list_frozen_at: lottery.listFrozenAt,
    draw_seed: draw.drawSeed,
    lots_offered: offer.lotsTotal,
    max_lots: offer.maxLots,
    list: entries.map((e) => ({ ticket: e.ticket ?? '', lots: e.lotsApplied ?? 0 })),
    result: entries.map((e) => ({ ticket: e.ticket ?? '', lots_won: e.lotsWon ?? 0 })),
  };
}
