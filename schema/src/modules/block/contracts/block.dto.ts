import { z } from 'zod';
import { lotteryProofResponse } from '../../../contracts/http/lottery-proof.dto.ts';
import { decimalString, namesOf } from '../../../contracts/http/answers.ts';
import {
  langField,
  requestIdField,
  symbolField,
  wholeNumberField,
} from '../../../contracts/http/fields.ts';
import { BLOCK_RULES } from '../domain/offer.ts';

/** Block trades (CONTRACT.md section 6): offers, purchases. */
const idField = wholeNumberField(1);
const lotsField = wholeNumberField(1, 1_000_000);
const timeField = wholeNumberField(0);
const keyField = z.string().trim().min(1).max(64);

export const BLOCK_LIST_FILTERS = ['open', 'upcoming', 'all'] as const;
export const blockListRequest = z.strictObject({
  status: z.enum(BLOCK_LIST_FILTERS).default('all'),
  lang: langField,
});
export const blockDetailRequest = z.strictObject({ id: idField, lang: langField });
export const blockBuyRequest = z.strictObject({
  id: idField,
  lots: lotsField,
  key: keyField.optional(),
  request_id: requestIdField,
});
export const blockOrdersRequest = z.strictObject({ lang: langField });

/** One offer as the list shows it (CONTRACT.md's fields plus max_lots, rule, settles_at, prev_close). */
export const blockOfferResponse = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  names: namesOf,
  market: z.string(),
  currency: z.string(),
  price: decimalString,
  prev_close: decimalString,
  lots_total: z.number(),
  lots_left: z.number(),
  min_lots: z.number(),
  max_lots: z.number(),
  lot: z.number(),
  rule: z.enum(BLOCK_RULES),
  opens_at: z.number(),
  closes_at: z.number(),
  settles_at: z.number(),
  needs_key: z.boolean(),
  /** upcoming | open | closed by the server clock. */
  status: z.enum(['upcoming', 'open', 'closed']),
  /**
   * Lottery offers: the seed's commitment (published from creation), the lots applied for so far,
   * the frozen list's hash once the window ends, and whether the draw is published (`block/proof`).
   */
  lottery: z
    .object({
      seed_commitment: z.string(),
      lots_applied: z.number(),
      applicants: z.number(),
      list_hash: z.string().nullable(),
      drawn: z.boolean(),
    })
    .nullable(),
});
export const blockListResponse = z.array(blockOfferResponse);

/** One purchase of the caller's. */
export const blockOrderResponse = z.object({
  order_id: z.string(),
  offer_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  price: decimalString,
  lots: z.number(),
  qty: z.number(),
  amount: decimalString,
  currency: z.string(),
  /** held | settled | void */
  status: z.string(),
  settles_at: z.number(),
  created_at: z.number(),
  rule: z.enum(BLOCK_RULES),
  /** Lottery applications: the ticket, lots applied for, and lots won (null until drawn). */
  ticket: z.string().nullable(),
  lots_applied: z.number().nullable(),
  lots_won: z.number().nullable(),
});
export const blockOrdersResponse = z.array(blockOrderResponse);

export const blockDetailResponse = blockOfferResponse.extend({
  /** The live price when the feed has one, and the offer's discount to it (percent). */
  live_price: decimalString.nullable(),
  discount: z.string().nullable(),
  /** The discount to the previous close the offer was priced from (percent). */
  discount_to_prev_close: z.string(),
  /** Lots the caller holds (or applied for) on the offer already. */
  my_lots: z.number(),
  /** One lot's cost (lot × price) in the offer's currency; a purchase costs lots × this. */
  lot_cost: decimalString,
  /** The caller's lottery application on the offer: its ticket, lots applied and won. */
  my_application: z
    .object({ ticket: z.string(), lots_applied: z.number(), lots_won: z.number().nullable() })
    .nullable(),
});
export const blockBoughtResponse = z.object({ order_id: z.string() });
export const blockProofRequest = z.strictObject({ id: idField });

/** `block/proof`: a lottery offer's published draw, the same shape as `ipo/proof` (DESIGN.md §8). */
export const blockProofResponse = lotteryProofResponse;

/** The back office's terms for an offer (price a decimal string in the market's scale). */
const offerTerms = {
  symbol: symbolField,
  price: z.string().trim().min(1).max(32),
  lots_total: lotsField,
  min_lots: lotsField,
  max_lots: lotsField,
  rule: z.enum(BLOCK_RULES).default('first_come'),
  key: keyField.optional(),
  opens_at: timeField,
  closes_at: timeField,
  settles_at: timeField,
};
export const adminBlockCreateRequest = z.strictObject(offerTerms);
export const adminBlockUpdateRequest = z.strictObject({
  id: idField,
  ...offerTerms,
});
export const adminBlockCloseRequest = z.strictObject({ id: idField });
export const adminBlockListRequest = z.strictObject({});
export const adminBlockCreatedResponse = z.object({ id: z.string() });
export const adminBlockListResponse = z.array(
  blockOfferResponse.extend({ lots_sold: z.number(), buyers: z.number() }),
);
