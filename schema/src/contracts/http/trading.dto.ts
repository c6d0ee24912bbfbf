import { z } from 'zod';
import { displayCurrencyField, requestIdField, symbolField, wholeNumberField } from './fields.ts';
import { namesOf } from './answers.ts';

const positiveInt = (max: number) => wholeNumberField(0, max);

const priceText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/);

/**
 * What every order takes. Beyond market and limit (CONTRACT.md section 6): `stop` (a market order
 * once the price reaches `trigger_price`), `stop_limit` (a limit at `price` once it does),
 * `trailing_stop` (its trigger follows the best price by `trail`, a price or a percent); a
 * `validity` (`day`, or a date up to six months ahead) for orders that wait; and `position_id`
 * for a closing order of that position (take profit, stop loss), whose `side` is the position's.
 */
export const orderFields = {
  symbol: symbolField,
  side: z.enum(['long', 'short']),
  kind: z.enum(['market', 'limit', 'stop', 'stop_limit', 'trailing_stop']),
  price: priceText.optional(),
  trigger_price: priceText.optional(),
  trail: priceText.optional(),
  trail_unit: z.enum(['price', 'percent']).optional(),
  validity: z
    .string()
    .trim()
    .regex(/^(day|\d{4}-\d{2}-\d{2})$/)
    .optional(),
  position_id: wholeNumberField(1).optional(),
  qty: positiveInt(100_000_000),
  leverage: positiveInt(100),
};

type OrderShape = {
  kind: string;
  price?: string | undefined;
  trigger_price?: string | undefined;
  trail?: string | undefined;
  trail_unit?: string | undefined;
  validity?: string | undefined;
  position_id?: number | undefined;
};

/** Which fields each kind takes; the first field that breaks the rule, or null. */
export function orderShapeIssue(o: OrderShape): { field: string; message: string } | null {
  const takesPrice = o.kind === 'limit' || o.kind === 'stop_limit';
  const takesTrigger = o.kind === 'stop' || o.kind === 'stop_limit';
  const trailing = o.kind === 'trailing_stop';
  if (takesPrice !== (o.price !== undefined)) {
    return { field: 'price', message: 'limit and stop-limit orders take a price, others none' };
  }
  if (takesTrigger !== (o.trigger_price !== undefined)) {
    return { field: 'trigger_price', message: 'stop and stop-limit orders take a trigger price' };
  }
  if (trailing !== (o.trail !== undefined) || trailing !== (o.trail_unit !== undefined)) {
    return { field: 'trail', message: 'trailing stops take a trail and its unit, others none' };
  }
  if (o.kind === 'market' && (o.validity !== undefined || o.position_id !== undefined)) {
    return { field: 'kind', message: 'a market order fills at once: no validity, no position' };
  }
  return null;
}

function checkShape(o: OrderShape, ctx: z.RefinementCtx, prefix = '') {
  const issue = orderShapeIssue(o);
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: [prefix + issue.field] });
}

/** `intraday=1`: an order under the caller's trading intraday application (market orders only). */
const intradayFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)])
  .optional();
export const placeOrderRequest = z
  .strictObject({ ...orderFields, request_id: requestIdField, intraday: intradayFlag })
  .superRefine((o, ctx) => checkShape(o, ctx))
  .refine((o) => !isIntraday(o) || o.kind === 'market', {
    message: 'intraday orders are market orders',
    path: ['kind'],
  });

/** Whether an order asks for intraday (`intraday=1`). */
export function isIntraday(o: { intraday?: string | number | undefined }): boolean {
  return o.intraday === '1' || o.intraday === 1;
}
export const previewOrderRequest = z
  .strictObject({ ...orderFields, intraday: intradayFlag })
  .superRefine((o, ctx) => checkShape(o, ctx))
  .refine((o) => !isIntraday(o) || o.kind === 'market', {
    message: 'intraday orders are market orders',
    path: ['kind'],
  });
export const closePositionRequest = z.strictObject({
  position_id: wholeNumberField(1),
  qty: wholeNumberField(1, 100_000_000).optional(),
  request_id: requestIdField,
});
export const cancelOrderRequest = z.strictObject({ order_id: wholeNumberField(1) });
export const positionListRequest = z.strictObject({ type: displayCurrencyField });
export const holdingRequest = z.strictObject({ symbol: symbolField });

export const placedOrderResponse = z.object({
  order_id: z.string(),
  status: z.enum(['filled', 'pending']),
  position_id: z.string().nullable(),
  price: z.string(),
  margin: z.string(),
  fee: z.string(),
});
export const closedPositionResponse = z.object({
  position_id: z.string(),
  /** The closed row: the position itself, or the new row recording a partial close. */
  closed_id: z.string(),
  qty: z.number(),
  price: z.string(),
  pnl: z.string(),
  fee: z.string(),
  waived: z.string(),
});
export const cancelledOrderResponse = z.object({ order_id: z.string(), released: z.string() });

export const orderPreviewResponse = z.object({
  currency: z.string(),
  price: z.string(),
  fills_now: z.boolean(),
  margin: z.string(),
  fee: z.string(),
  stamp_duty: z.string(),
  total: z.string(),
  /** Cash in the instrument's currency (intraday: what the application's hold has): the buying power this order sees. */
  available: z.string(),
  buy_fee: z.string(),
  sell_fee: z.string(),
  stamp_duty_applies: z.boolean(),
  /** The cash pays margin and fees; otherwise the sheet does not offer the confirm. */
  affordable: z.boolean(),
  /** An intraday order: the application's buying power left (notional), else absent. */
  intraday_buying_power_left: z.string().optional(),
  /** An intraday order: the day-trade leverage its margin is at ("3.3"). */
  intraday_leverage: z.string().optional(),
});
export type OrderPreview = z.infer<typeof orderPreviewResponse>;

const positionFields = {
  position_id: z.string(),
  symbol: z.string(),
  name: namesOf,
  currency: z.string(),
  side: z.enum(['long', 'short']),
  leverage: z.number(),
  stock_num: z.number(),
  buy_price: z.string(),
  yingkui: z.string(),
  buy_time: z.number(),
};
/** A held position as `trade/userstocklist` sends it (spec names plus our fields). */
export const openPositionResponse = z.object({
  ...positionFields,
  status: z.literal(0),
  order_id: z.string(),
  nowprice: z.string(),
  margin: z.string(),
  market_value: z.string(),
  open_fee: z.string(),
  /** The open added credit (part of `margin`), in the position's currency. */
  credit: z.string(),
  /** Where the watcher stops it out (long: at or below, short: at or above); null: never. */
  stop_out_price: z.string().nullable(),
  /** A day trade (intraday=1): settled at the close, takes no added credit. */
  intraday: z.boolean(),
  /** Why a close would be refused now (a China long bought today: T+1); null when it can close. */
  close_blocked: z.enum(['t_plus_one']).nullable(),
});
/** A closed position as `trade/userstocklists` sends it. */
export const closedPositionRowResponse = z.object({
  ...positionFields,
  status: z.literal(1),
  sell_price: z.string(),
  fees: z.string(),
  sell_time: z.number(),
  reason: z.string().nullable(),
});
export type OpenPosition = z.infer<typeof openPositionResponse>;
export type ClosedPositionRow = z.infer<typeof closedPositionRowResponse>;

/** Spec shape: the rows keyed by index ("0", "1", …) beside the totals. */
const INDEX_KEY = /^\d+$/;
function keyedList<T extends z.ZodType, S extends z.ZodRawShape>(row: T, totals: S) {
  return z
    .object(totals)
    .catchall(z.union([row, z.string()]))
    .superRefine((data, ctx) => {
      for (const [key, value] of Object.entries(data)) {
        if (key in totals) continue;
        if (!INDEX_KEY.test(key) || typeof value === 'string') {
          ctx.addIssue({ code: 'custom', message: `unexpected key ${key}`, path: [key] });
        }
      }
    });
}
export const openPositionsResponse = keyedList(openPositionResponse, {
  ccsz: z.string(),
  fdyk: z.string(),
});
export const closedPositionsResponse = keyedList(closedPositionRowResponse, { lsyk: z.string() });

export const pendingOrderResponse = z.object({
  order_id: z.string(),
  symbol: z.string(),
  name: namesOf,
  side: z.string(),
  kind: z.string(),
  stock_num: z.number(),
  leverage: z.number(),
  currency: z.string(),
  /** The limit (limit, stop-limit); null for a stop or trailing stop (it fills at the market). */
  price: z.string().nullable(),
  hold: z.string(),
  created_at: z.number(),
  status: z.number(),
  /** live: in the book; waiting: an IFD's second order until its first fills. */
  state: z.enum(['live', 'waiting']),
  trigger_price: z.string().nullable(),
  trail: z.string().nullable(),
  trail_unit: z.enum(['price', 'percent']).nullable(),
  /** A stop-limit whose trigger was reached (it rests as a limit). */
  triggered: z.boolean(),
  /** End of validity (epoch ms), or null. */
  expires_at: z.number().nullable(),
  /** The last day it is valid, in the market's own time zone (YYYY-MM-DD), and whether that is today. */
  valid_until: z.string().nullable(),
  valid_today: z.boolean(),
  group_id: z.string().nullable(),
  group_kind: z.enum(['oco', 'ifd', 'ifdoco']).nullable(),
  /** A closing order's position (take profit, stop loss); null for an opening order. */
  close_position_id: z.string().nullable(),
});
export type PendingOrder = z.infer<typeof pendingOrderResponse>;
export const pendingOrdersResponse = z.array(pendingOrderResponse);

export const holdingSideResponse = z.object({
  qty: z.number(),
  avg_price: z.string(),
  pnl: z.string(),
});
export type HoldingSide = z.infer<typeof holdingSideResponse>;
export const holdingResponse = z.object({
  symbol: z.string(),
  currency: z.string(),
  long: holdingSideResponse.nullable(),
  short: holdingSideResponse.nullable(),
});
export type Holding = z.infer<typeof holdingResponse>;
export type OpenPositionsData = z.infer<typeof openPositionsResponse>;
export type ClosedPositionsData = z.infer<typeof closedPositionsResponse>;
