import { Refusal } from '@kabuto/schema/contracts';
import { writeTransaction } from '@kabuto/schema/db';
import {
  findInstrument,
  formatPrice,
  parseScaledPrice,
  PriceFormatError,
  type Instrument,
} from '@kabuto/schema/market';
import { checkOfferPrice, type BlockRule } from '@kabuto/schema/modules/block/domain/index.ts';
import {
  closeOffer,
  insertOffer,
  updateOfferBeforeOpen,
  type BlockOfferTerms,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import type { AdminCaller } from '../../http/call.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { audit } from '../admin/public.ts';
import { offerOr404 } from './block-query.service.ts';
import { hashPlacementKey } from '@kabuto/schema/modules/block/db/placement-key.ts';
import { blockMarkets } from './buy.service.ts';

export interface OfferInput {
  readonly symbol: string;
  readonly price: string;
  readonly lots_total: number;
  readonly min_lots: number;
  readonly max_lots: number;
  readonly rule: BlockRule;
  readonly key?: string | undefined;
  readonly opens_at: number;
  readonly closes_at: number;
  readonly settles_at: number;
}

const invalid = (field: string, why: string) =>
  new Refusal('invalid_param', { fields: { [field]: why } });

function stockOf(symbol: string): Instrument {
  const instrument = findInstrument(symbol);
  if (!instrument) throw invalid('symbol', 'unknown');
  if (instrument.kind !== 'stock') throw invalid('symbol', 'not_a_stock');
  return instrument;
}

/**
 * The previous close the discount is checked against: the feed's latest snapshot, or the
 * instrument's reference level when the feed has not published one (a fresh install, tests).
 */
async function prevCloseOf(deps: GatewayDeps, instrument: Instrument): Promise<bigint> {
  const snapshot = await deps.quotes.one(instrument.symbol);
  if (snapshot?.prev_close) {
    try {
      return parseScaledPrice(snapshot.prev_close, instrument.market);
    } catch (error) {
      if (!(error instanceof PriceFormatError)) throw error;
    }
  }
  return instrument.referencePrice;
}

function scaledPrice(instrument: Instrument, text: string): bigint {
  try {
    const price = parseScaledPrice(text, instrument.market);
    if (price > 0n) return price;
  } catch (error) {
    if (!(error instanceof PriceFormatError)) throw error;
  }
  throw invalid('price', 'invalid');
}

/**
 * The placement key's hash: a new key (at least 6 characters: a key is a password to the offer),
 * or on an edit without one the key the offer had (an edit never opens a private offer by
 * omission).
 */
function keyHashOf(input: OfferInput, existingKeyHash: string | null): string | null {
  if (input.key === undefined) return existingKeyHash;
  if (input.key.trim().length < 6) throw invalid('key', 'too_short');
  return hashPlacementKey(input.key);
}

/** The checked terms: a stock, the price at a discount inside the band and on tick, lots, dates. */
export async function checkedOfferTerms(
  deps: GatewayDeps,
  input: OfferInput,
  nowMs: number,
  existingKeyHash: string | null = null,
): Promise<BlockOfferTerms> {
  const instrument = stockOf(input.symbol);
  if (!(await blockMarkets(deps.db)).includes(instrument.market)) {
    throw invalid('symbol', 'market_without_block_offers');
  }
  const price = scaledPrice(instrument, input.price);
  const prevClose = await prevCloseOf(deps, instrument);
  const priceRefusal = checkOfferPrice(instrument, price, prevClose);
  if (priceRefusal) throw invalid('price', priceRefusal);
  if (input.min_lots > input.max_lots) throw invalid('max_lots', 'below_min_lots');
  if (input.min_lots > input.lots_total) throw invalid('min_lots', 'above_lots_total');
  if (input.max_lots > input.lots_total) throw invalid('max_lots', 'above_lots_total');
  if (input.opens_at >= input.closes_at) throw invalid('closes_at', 'not_after_opens_at');
  if (input.closes_at > input.settles_at) throw invalid('settles_at', 'before_closes_at');
  if (input.closes_at <= nowMs) throw invalid('closes_at', 'in_the_past');
  return {
    ...{ symbol: instrument.symbol, market: instrument.market, currency: instrument.currency },
    ...{ price, prevClose, lot: instrument.quantity.lotSize, lotsTotal: input.lots_total },
    ...{ minLots: input.min_lots, maxLots: input.max_lots, rule: input.rule },
    keyHash: keyHashOf(input, existingKeyHash),
    ...{ opensAt: input.opens_at, closesAt: input.closes_at, settlesAt: input.settles_at },
  };
}

/** Audit detail: the terms without the key's hash (only whether there is one). */
const auditDetail = (terms: BlockOfferTerms) => ({
  ...terms,
  price: formatPrice(terms.price, terms.market),
  prevClose: formatPrice(terms.prevClose, terms.market),
  keyHash: undefined,
  needsKey: terms.keyHash !== null,
});

/**
 * `block/create` (back office): a checked offer (its draw's seed and ticket key stored sealed)
 * and its audit row.
 */
export async function createOffer(deps: GatewayDeps, admin: AdminCaller, input: OfferInput) {
  const nowMs = deps.clock.nowMs();
  const terms = await checkedOfferTerms(deps, input, nowMs);
  return writeTransaction(deps.db, async (trx) => {
    const id = await insertOffer(trx, terms, {
      ...{ createdBy: admin.adminId, nowMs, box: deps.secrets },
      beaconKind: deps.config.mode === 'live' ? 'drand' : 'local',
    });
    const detail = auditDetail(terms);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'block_create',
      subject: `block_offer:${id}`,
      detail,
      nowMs,
    });
    return { id: String(id) };
  });
}

/** `block/update` (back office): new terms only before the offer opens (`block_trade_closed` after). */
export async function updateOffer(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: OfferInput & { id: number },
) {
  const nowMs = deps.clock.nowMs();
  const existing = await offerOr404(deps.db, input.id);
  const terms = await checkedOfferTerms(deps, input, nowMs, existing.keyHash);
  await writeTransaction(deps.db, async (trx) => {
    if (!(await updateOfferBeforeOpen(trx, input.id, terms, nowMs))) {
      throw new Refusal('block_trade_closed');
    }
    const detail = auditDetail(terms);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'block_update',
      subject: `block_offer:${input.id}`,
      detail,
      nowMs,
    });
  });
  return null;
}

/** `block/close` (back office): ends the window now; `block_trade_closed` if it already ended. */
export async function closeOfferNow(deps: GatewayDeps, admin: AdminCaller, id: number) {
  const nowMs = deps.clock.nowMs();
  await offerOr404(deps.db, id);
  await writeTransaction(deps.db, async (trx) => {
    if (!(await closeOffer(trx, id, nowMs))) throw new Refusal('block_trade_closed');
    await audit(trx, {
      adminId: admin.adminId,
      action: 'block_close',
      subject: `block_offer:${id}`,
      detail: {},
      nowMs,
    });
  });
  return null;
}
