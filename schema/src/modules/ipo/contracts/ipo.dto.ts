import { z } from 'zod';
import { lotteryProofResponse } from '../../../contracts/http/lottery-proof.dto.ts';
import { decimalString, namesOf } from '../../../contracts/http/answers.ts';
import {
  displayCurrencyField,
  langField,
  marketField,
  requestIdField,
  symbolField,
  wholeNumberField,
} from '../../../contracts/http/fields.ts';

/** New shares (CONTRACT.md section 6): listings, subscriptions, payment, the lottery's proof. */
const idField = wholeNumberField(1);
const lotsField = wholeNumberField(1, 1_000_000);

export const IPO_LIST_FILTERS = ['upcoming', 'open', 'closed', 'all'] as const;
export const ipoListRequest = z.strictObject({
  status: z.enum(IPO_LIST_FILTERS).default('all'),
  lang: langField,
});
export const ipoDetailRequest = z.strictObject({ id: idField, lang: langField });
export const ipoSubscribeRequest = z.strictObject({
  id: idField,
  lots: lotsField,
  request_id: requestIdField,
});
export const ipoPayRequest = z.strictObject({
  subscription_id: idField,
  request_id: requestIdField,
});
export const ipoWaiveRequest = z.strictObject({ subscription_id: idField });
export const ipoProofRequest = z.strictObject({ id: idField });
export const newStockListRequest = z.strictObject({ type: displayCurrencyField, lang: langField });

/** One listing as the list shows it. Prices and money are decimal strings; times epoch ms. */
export const ipoListingResponse = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  names: namesOf,
  market: z.string(),
  currency: z.string(),
  price: decimalString,
  lot: z.number(),
  min_lots: z.number(),
  max_lots: z.number(),
  lots_offered: z.number(),
  subscribe_start: z.number(),
  subscribe_end: z.number(),
  draw_at: z.number(),
  pay_deadline: z.number(),
  listing_date: z.number(),
  /** upcoming | open | closed (the spec's not started, subscribing, ended). */
  status: z.enum(['upcoming', 'open', 'closed']),
  /** Whether the allotment has been drawn and published (`ipo/proof` answers). */
  drawn: z.boolean(),
  listed: z.boolean(),
  seed_commitment: z.string(),
  /**
   * The frozen list's hash (DESIGN.md §8 step 2), published at the close before any beacon is
   * taken; null while the list is open.
   */
  list_hash: z.string().nullable(),
  /** When the list hash was stored (epoch ms); the beacon is the first round after it. */
  list_frozen_at: z.number().nullable(),
});
export const ipoListResponse = z.array(ipoListingResponse);

/** The caller's own subscription to a listing, when there is one. */
export const ipoOwnSubscription = z.object({
  subscription_id: z.string(),
  lots: z.number(),
  ticket: z.string(),
  status: z.string(),
  lots_won: z.number().nullable(),
  amount_due: decimalString.nullable(),
});

/** One listing with the spec's new-share fields, its applicants and the caller's subscription. */
export const ipoDetailResponse = ipoListingResponse.extend({
  market_price: decimalString.nullable(),
  underwriting_price: decimalString,
  per: z.string().nullable(),
  issue_volume: z.number(),
  lead_underwriter: z.string(),
  /** Subscription cap in money: max lots × lot × price. */
  subscription_cap: decimalString,
  /** (market price − price) ÷ price, percent with two decimals; null without a market price. */
  premium_spread: z.string().nullable(),
  /** Applications: counted live while open, as frozen (with `list_hash`) once closed. */
  applicants: z.number(),
  lots_applied: z.number(),
  /** Lots offered ÷ lots applied, percent with two decimals, once drawn; null before or when none applied. */
  allotment_rate: z.string().nullable(),
  beacon_kind: z.enum(['local', 'drand']),
  mine: ipoOwnSubscription.nullable(),
});

export const ipoSubscribedResponse = z.object({ subscription_id: z.string() });
export const ipoStatusResponse = z.object({ status: z.string() });

/** The published draw (DESIGN.md section 8), once drawn. */
export const ipoProofResponse = lotteryProofResponse;

/**
 * The caller's subscriptions in the spec's shape (`trade/usernewstocklist`, `data` the list itself, as
 * every list call answers): `status` 1 while
 * active (applied, won, paid), 0 once closed; `state` names the spec's result; `rjmoney` is the
 * amount due, or '-' when nothing is due.
 */
export const newStockListResponse = z.array(
  z.object({
    id: z.string(),
    ipo_id: z.string(),
    symbol: z.string(),
    name: z.string(),
    market: z.string(),
    currency: z.string(),
    price: decimalString,
    lot: z.number(),
    lots: z.number(),
    ticket: z.string(),
    status: z.number(),
    /** applied | won | lost | paid | waived | forfeited | listed | sold */
    state: z.string(),
    lots_won: z.number().nullable(),
    rjmoney: z.string(),
    pay_deadline: z.number(),
    draw_at: z.number(),
    listing_date: z.number(),
    position_id: z.string().nullable(),
    created_at: z.number(),
  }),
);

/** The back office: create or edit a listing before its window opens. */
const timeField = wholeNumberField(1, 8_640_000_000_000);
const priceText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/);
export const adminIpoListingRequest = z.strictObject({
  symbol: symbolField,
  market: marketField,
  board: z.string().trim().min(2).max(32),
  name_ja: z.string().trim().min(1).max(80),
  name_en: z.string().trim().min(1).max(80),
  name_zh: z.string().trim().min(1).max(80),
  price: priceText,
  market_price: priceText.optional(),
  underwriting_price: priceText,
  lot: lotsField,
  min_lots: lotsField,
  max_lots: lotsField,
  lots_offered: lotsField,
  issue_volume: wholeNumberField(1),
  per: z.string().trim().max(16).optional(),
  lead_underwriter: z.string().trim().min(1).max(80),
  subscribe_start: timeField,
  subscribe_end: timeField,
  draw_at: timeField,
  pay_deadline: timeField,
  listing_at: timeField,
  beacon_kind: z.enum(['local', 'drand']).default('local'),
});
export const adminIpoUpdateRequest = adminIpoListingRequest.extend({ id: idField });
export const adminIpoCreatedResponse = z.object({ id: z.string(), seed_commitment: z.string() });
/**
 * `ipo/list` (back office): every listing with the terms `ipo/update` takes back (board, the three
 * names, every price and count), so the console can edit one without asking twice.
 */
export const adminIpoListRequest = z.strictObject({});
export const adminIpoListResponse = z.array(
  ipoListingResponse.extend({
    board: z.string(),
    market_price: decimalString.nullable(),
    underwriting_price: decimalString,
    issue_volume: z.number(),
    per: z.string().nullable(),
    lead_underwriter: z.string(),
    beacon_kind: z.enum(['local', 'drand']),
  }),
);
export const adminIpoSubscriptionsRequest = z.strictObject({ id: idField });
export const adminIpoSubscriptionsResponse = z.object({
  listing: ipoListingResponse.extend({ applicants: z.number(), lots_applied: z.number() }),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      user_id: z.string(),
      account: z.string(),
      lots: z.number(),
      ticket: z.string(),
      status: z.string(),
      lots_won: z.number().nullable(),
      amount_due: decimalString.nullable(),
      created_at: z.number(),
    }),
  ),
});

/** `allotment:drawn` on the account's socket, one per subscription when its result is written. */
export interface AllotmentDrawn {
  ipo_id: string;
  subscription_id: string;
  lots_won: number;
  /** Decimal string in the listing's currency; '0' for a subscription that won nothing. */
  amount_due: string;
  currency: string;
  pay_deadline: number;
}
