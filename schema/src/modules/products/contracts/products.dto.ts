import { z } from 'zod';
import { decimalString } from '../../../contracts/http/answers.ts';
import { langField, requestIdField, wholeNumberField } from '../../../contracts/http/fields.ts';

/** Copy-trading products (CONTRACT.md section 6): the sheet, follows, redemptions, the user's orders. */
const idField = wholeNumberField(1);

export const productListRequest = z.strictObject({ lang: langField });
export const productDetailRequest = z.strictObject({ id: idField, lang: langField });
/**
 * `amount` in whole major units of the product's currency, read loosely here and checked by the
 * service (anything but a positive whole number is `invalid_param`).
 */
export const productFollowRequest = z.strictObject({
  id: idField,
  amount: z.union([z.string().max(40), z.number()]),
  request_id: requestIdField,
});
export const productRedeemRequest = z.strictObject({
  order_id: idField,
  request_id: requestIdField,
});
/** The spec's `type`: 0 pending, 1 following, 2 ended; absent or `all` for every order. */
export const userProductListRequest = z.strictObject({
  type: z.enum(['0', '1', '2', 'all']).default('all'),
  lang: langField,
});

/** One product as the list shows it (CONTRACT.md's fields plus currency, fees and drawdown). */
export const productResponse = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  /** momentum | pair | low_vol: the client explains each in plain words. */
  strategy: z.string(),
  universe: z.array(z.string()),
  market: z.string(),
  currency: z.string(),
  /** The last NAV struck, per unit, in the currency (4 decimals beyond its minor unit). */
  nav: z.string(),
  nav_date: z.string().nullable(),
  /** The historical average daily return in percent: past results, not a promise. */
  avg_daily_return: z.string(),
  max_drawdown: z.string(),
  min_amount: decimalString,
  deadline: z.number(),
  lockup_days: z.number(),
  fee_bps: z.number(),
  /** open (follows accepted) | closed (deadline passed or closed by the back office). */
  status: z.enum(['open', 'closed']),
});
export const productListResponse = z.array(productResponse);
export const productDetailResponse = productResponse.extend({
  nav_history: z.array(z.object({ date: z.string(), nav: z.string() })),
  /** The caller's cash in the product's currency: what a follow can take. */
  my_cash: decimalString,
});

/** A follow is priced at the next NAV (decision 87): its units are null until the strike. */
export const productFollowedResponse = z.object({
  order_id: z.string(),
  units: z.string().nullable(),
  status: z.literal('pending'),
});
/**
 * A redemption is valued at the next NAV: `amount` is null until then; `estimate` is the units
 * at the last NAV, shown as an estimate.
 */
export const productRedeemedResponse = z.object({
  amount: decimalString.nullable(),
  estimate: decimalString,
  status: z.literal('redeeming'),
});

/** One of the caller's orders, in the spec's shape (`status` 0/1/2 and `money`) plus the detail. */
export const userProductOrderResponse = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  currency: z.string(),
  /** 0 pending (money held), 1 following, 2 ended. */
  status: z.number(),
  /** pending | locked_up | following | redeeming | ended */
  state: z.string(),
  /** The money followed. */
  money: decimalString,
  units: z.string(),
  strike_nav: z.string().nullable(),
  /** Today's value of the units at the last NAV (null while pending or once ended). */
  value: decimalString.nullable(),
  /** The last NAV's change on the units, and the change since the strike. */
  daily_profit: decimalString.nullable(),
  total_profit: decimalString.nullable(),
  lockup_end: z.string().nullable(),
  redeem_amount: decimalString.nullable(),
  pay_date: z.string().nullable(),
  created_at: z.number(),
});
export const userProductListResponse = z.array(userProductOrderResponse);

/** The back office's terms for a product (amounts in whole major units of its market's currency). */
const productTerms = {
  name: z.string().trim().min(1).max(80),
  issuer: z.string().trim().min(1).max(120),
  strategy: z.enum(['momentum', 'pair', 'low_vol']),
  /** Comma-separated symbols of one market (the pair: exactly two, in order). */
  universe: z.string().trim().min(1).max(400),
  min_amount: z.union([z.string().max(40), z.number()]),
  deadline_at: wholeNumberField(0),
  lockup_days: wholeNumberField(0, 366),
  fee_bps: wholeNumberField(0, 1_000),
  /** The first NAV date (a year back by default): the history runs the strategy from it. */
  first_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
};
export const adminProductCreateRequest = z.strictObject(productTerms);
export const adminProductUpdateRequest = z.strictObject({ id: idField, ...productTerms });
export const adminProductIdRequest = z.strictObject({ id: idField });
export const adminProductListRequest = z.strictObject({});
export const adminProductCreatedResponse = z.object({ id: z.string() });
export const adminProductListResponse = z.array(
  productResponse.extend({
    /** draft | open | closed as the back office set it (not the deadline). */
    listing_status: z.string(),
    units: z.string(),
    book_cash: decimalString,
    holders: z.number(),
  }),
);
