import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { findInstrument, formatPrice } from '@kabuto/schema/market';
import { offerPhase } from '@kabuto/schema/modules/block/domain/index.ts';
import type { BlockOffer } from '@kabuto/schema/modules/block/db/offers.repository.ts';
import type { BlockOrder } from '@kabuto/schema/modules/block/db/orders.repository.ts';

export type Lang = 'jp' | 'cn' | 'us';

export function namesOf(symbol: string) {
  return findInstrument(symbol)?.names ?? { ja: symbol, en: symbol, zh: symbol };
}

export function nameIn(symbol: string, lang: Lang): string {
  const names = namesOf(symbol);
  if (lang === 'cn') return names.zh;
  return lang === 'us' ? names.en : names.ja;
}

export const moneyOf = (offer: BlockOffer, minor: bigint): string =>
  formatScaled(minor, scaleOf(offer.currency));

/** What a lottery offer publishes (null for first come): the lots applied for so far. */
export function lotteryToWire(
  offer: BlockOffer,
  applied: { lotsApplied: number; applicants: number },
) {
  if (offer.rule !== 'lottery' || offer.lottery.seedCommitment === null) return null;
  return {
    seed_commitment: offer.lottery.seedCommitment,
    lots_applied: applied.lotsApplied,
    applicants: applied.applicants,
    list_hash: offer.lottery.listHash,
    drawn: offer.lottery.drawnAt !== null,
  };
}

/** One offer as `block/list` shows it, its phase from the injected clock. */
export function offerToWire(
  offer: BlockOffer,
  lang: Lang,
  nowMs: number,
  applied = { lotsApplied: 0, applicants: 0 },
) {
  return {
    id: String(offer.id),
    symbol: offer.symbol,
    name: nameIn(offer.symbol, lang),
    names: namesOf(offer.symbol),
    market: offer.market,
    currency: offer.currency,
    price: formatPrice(offer.price, offer.market),
    prev_close: formatPrice(offer.prevClose, offer.market),
    lots_total: offer.lotsTotal,
    lots_left: offer.lotsLeft,
    min_lots: offer.minLots,
    max_lots: offer.maxLots,
    lot: offer.lot,
    rule: offer.rule,
    opens_at: offer.opensAt,
    closes_at: offer.closesAt,
    settles_at: offer.settlesAt,
    needs_key: offer.keyHash !== null,
    status: offerPhase(offer, nowMs),
    lottery: lotteryToWire(offer, applied),
  };
}

export function orderToWire(order: BlockOrder, offer: BlockOffer, lang: Lang) {
  return {
    order_id: String(order.id),
    offer_id: String(offer.id),
    symbol: offer.symbol,
    name: nameIn(offer.symbol, lang),
    price: formatPrice(offer.price, offer.market),
    lots: order.lots,
    qty: order.lots * offer.lot,
    amount: moneyOf(offer, order.amount),
    currency: offer.currency,
    status: order.status,
    settles_at: offer.settlesAt,
    created_at: order.createdAtMs,
    rule: offer.rule,
    ticket: order.ticket,
    lots_applied: order.lotsApplied,
    lots_won: order.lotsWon,
  };
}
