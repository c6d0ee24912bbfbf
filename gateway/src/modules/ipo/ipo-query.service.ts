import { DRAND_BEACON_LABEL, LOCAL_BEACON_LABEL, Refusal } from '@kabuto/schema/contracts';
import {
  allListings,
  applicationTotals,
  findListing,
  lotteryListOf,
  subscriptionsOfUser,
  subscriptionToListing,
  type Db,
  type IpoListing,
  type IpoSubscription,
  type SecretBox,
} from '@kabuto/schema/db';
import { listingPhase, type ListingPhase } from '@kabuto/schema/ipo';
import { LOTTERY_RULE } from '@kabuto/schema/lottery';
import { formatPrice } from '@kabuto/schema/market';
import { closedPositionIds } from '@kabuto/schema/modules/trading';
import {
  detailFields,
  listingName,
  listingToWire,
  moneyOf,
  ownSubscriptionToWire,
  type Lang,
} from './ipo-wire.ts';

/** A listing or not_found. */
export async function listingOr404(db: Db, id: number): Promise<IpoListing> {
  const listing = await findListing(db, id);
  if (!listing) throw new Refusal('not_found');
  return listing;
}

/** `ipo/list`: listings in the phase asked for (or all), by the injected clock. */
export async function listListings(
  db: Db,
  filter: ListingPhase | 'all',
  lang: Lang,
  nowMs: number,
) {
  const listings = await allListings(db);
  return listings
    .filter((l) => filter === 'all' || listingPhase(l, nowMs) === filter)
    .map((l) => listingToWire(l, lang, nowMs));
}

/** Applicants and lots: as frozen and published at the close, counted live before. */
async function totalsOf(db: Db, listing: IpoListing) {
  return listing.frozenList ?? applicationTotals(db, listing.id);
}

/** `ipo/detail`: the list row, the spec's new-share fields and the caller's own subscription. */
export async function listingDetail(
  db: Db,
  userId: number,
  input: { id: number; lang: Lang },
  nowMs: number,
) {
  const listing = await listingOr404(db, input.id);
  const mine = await subscriptionToListing(db, userId, listing.id);
  return {
    ...listingToWire(listing, input.lang, nowMs),
    ...detailFields(listing, await totalsOf(db, listing)),
    mine: mine ? ownSubscriptionToWire(listing, mine) : null,
  };
}

/** The beacon's label as its implementation publishes it, with the drand round when there is one. */
function beaconLabel(listing: IpoListing): string {
  const round = listing.draw?.beaconRound ?? null;
  if (listing.beaconKind !== 'drand') return LOCAL_BEACON_LABEL;
  return round === null ? DRAND_BEACON_LABEL : `${DRAND_BEACON_LABEL}, round ${round}`;
}

/** `ipo/proof`: the published draw (DESIGN.md section 8), only once drawn: the seed opened then. */
export async function listingProof(deps: { db: Db; secrets: SecretBox }, id: number) {
  const listing = await listingOr404(deps.db, id);
  const draw = listing.draw;
  if (!draw) throw new Refusal('allotment_not_drawn');
  const entries = await lotteryListOf(deps.db, listing.id);
  return {
    rule: LOTTERY_RULE,
    listing_id: String(listing.id),
    seed_commitment: listing.seedCommitment,
    seed: deps.secrets.open(listing.sealedSeed),
    beacon_kind: listing.beaconKind,
    beacon: draw.beacon,
    beacon_round: draw.beaconRound,
    beacon_signature: draw.beaconSignature,
    beacon_label: beaconLabel(listing),
    list_hash: draw.listHash,
    list_frozen_at: listing.frozenList?.frozenAtMs ?? null,
    draw_seed: draw.drawSeed,
    lots_offered: listing.lotsOffered,
    max_lots: listing.maxLots,
    list: entries.map((e) => ({ ticket: e.ticket, lots: e.lots })),
    result: entries.map((e) => ({ ticket: e.ticket, lots_won: e.lotsWon })),
  };
}

/** Still running (applied, won, paid) is 1 in the spec's list; anything settled is 0. */
const ACTIVE = new Set(['applied', 'won', 'paid']);

function stateOf(sub: IpoSubscription, sold: Set<bigint>): string {
  if (sub.status === 'listed' && sub.positionId !== null && sold.has(sub.positionId)) {
    return 'sold';
  }
  return sub.status;
}

/** `trade/usernewstocklist`: the caller's subscriptions in the spec's shape, newest first. */
export async function newStockList(db: Db, userId: number, lang: Lang) {
  const subs = await subscriptionsOfUser(db, userId);
  const listings = new Map<number, IpoListing>();
  for (const id of new Set(subs.map((s) => s.listingId))) {
    listings.set(id, await listingOr404(db, id));
  }
  const positionIds = subs.flatMap((s) => (s.positionId === null ? [] : [s.positionId]));
  const sold = await closedPositionIds(db, positionIds);
  const data = subs.map((sub) => {
    const listing = listings.get(sub.listingId) as IpoListing;
    return {
      id: String(sub.id),
      ipo_id: String(listing.id),
      symbol: listing.symbol,
      name: listingName(listing, lang),
      market: listing.market,
      currency: listing.currency,
      price: formatPrice(listing.price, listing.market),
      lot: listing.lot,
      lots: sub.lots,
      ticket: sub.ticket,
      status: ACTIVE.has(sub.status) ? 1 : 0,
      state: stateOf(sub, sold),
      lots_won: sub.lotsWon,
      rjmoney: sub.amountDue !== null && sub.amountDue > 0n ? moneyOf(listing, sub.amountDue) : '-',
      pay_deadline: listing.payDeadline,
      draw_at: listing.drawAt,
      listing_date: listing.listingAt,
      position_id: sub.positionId === null ? null : String(sub.positionId),
      created_at: sub.createdAtMs,
    };
  });
  return data;
}
