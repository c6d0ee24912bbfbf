import { Refusal } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { formatPrice, parseScaledPrice } from '@kabuto/schema/market';
import { discountPercent, offerPhase } from '@kabuto/schema/modules/block/domain/index.ts';
import {
  findOffer,
  listOffers,
  type BlockOffer,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  lotsBoughtBy,
  ordersOfUser,
  salesOf,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { offerToWire, orderToWire, type Lang } from './block-wire.ts';

/** `block/list`: open, upcoming, or every offer, by the server clock. */
export async function listBlockOffers(
  db: Db,
  filter: 'open' | 'upcoming' | 'all',
  lang: Lang,
  nowMs: number,
) {
  const offers = await listOffers(db);
  return offers
    .filter((offer) => filter === 'all' || offerPhase(offer, nowMs) === filter)
    .map((offer) => offerToWire(offer, lang, nowMs));
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
    ...offerToWire(offer, input.lang, deps.clock.nowMs()),
    live_price: live === null ? null : formatPrice(live, offer.market),
    discount: discountPercent(offer.price, live),
    discount_to_prev_close: discountPercent(offer.price, offer.prevClose) ?? '0.00',
    my_lots: await lotsBoughtBy(deps.db, userId, offer.id),
  };
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
        ...offerToWire(offer, 'us', nowMs),
        lots_sold: sales.lotsSold,
        buyers: sales.buyers,
      };
    }),
  );
}
