import { z } from 'zod';
import { decimalString, namesOf } from '../../../contracts/http/answers.ts';
import { requestIdField, wholeNumberField } from '../../../contracts/http/fields.ts';

/** Intraday trading (CONTRACT.md §6): apply, list, one application's trades; the admin list. */
export const INTRADAY_STATUS_VALUES = [
  'applied',
  'trading',
  'submitted',
  'traded',
  'failed',
] as const;

/**
 * `amount` is read loosely here and checked by the service: anything but a positive whole number
 * of major units is `credit_invalid` (the spec's key for a bad credit amount), not `invalid_param`.
 */
export const intradayApplyRequest = z.strictObject({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['JPY', 'USD', 'CNY'])),
  amount: z.union([z.string().max(40), z.number()]),
  request_id: requestIdField,
});
export const intradayAppliedResponse = z.object({
  application_id: z.string(),
  status: z.enum(INTRADAY_STATUS_VALUES),
});
export const intradayListRequest = z.strictObject({
  status: z.enum(INTRADAY_STATUS_VALUES).optional(),
});
export const intradayDetailRequest = z.strictObject({ id: wholeNumberField(1) });

/** One application as `intraday/list` shows it. Money is a decimal string in `currency`. */
export const intradayApplicationResponse = z.object({
  id: z.string(),
  market: z.enum(['JP', 'US', 'CN']),
  currency: z.string(),
  amount: decimalString,
  leverage: z.string(),
  buying_power: decimalString,
  /** Buying power still free (0 once settled). */
  buying_power_left: decimalString,
  /** What the hold has now (the amount ± closed P&L − fees; 0 once released). */
  balance: decimalString,
  status: z.enum(INTRADAY_STATUS_VALUES),
  session_date: z.string(),
  opens_at: z.number(),
  closes_at: z.number(),
  /** Realised P&L: released − amount once settled, else the closed positions' so far. */
  pnl: decimalString,
  forced_close_fee: decimalString.nullable(),
  created_at: z.number(),
  settled_at: z.number().nullable(),
});
export const intradayListResponse = z.array(intradayApplicationResponse);

/** A position opened under the application, open or closed (by hand, stop-out or the settlement). */
export const intradayTradeResponse = z.object({
  position_id: z.string(),
  order_id: z.string(),
  symbol: z.string(),
  /** The stock's name in ja/en/zh, as the positions lists carry it; null for a symbol no longer known. */
  name: namesOf.nullable(),
  side: z.enum(['long', 'short']),
  qty: z.number(),
  open_price: z.string(),
  margin: decimalString,
  open_fee: decimalString,
  status: z.enum(['holding', 'closed']),
  close_price: z.string().nullable(),
  close_fee: decimalString.nullable(),
  pnl: decimalString.nullable(),
  close_reason: z.string().nullable(),
  opened_at: z.number(),
  closed_at: z.number().nullable(),
});
export const intradayDetailResponse = z.object({
  application: intradayApplicationResponse,
  trades: z.array(intradayTradeResponse),
});

export const adminIntradayListRequest = z.strictObject({
  status: z.enum(INTRADAY_STATUS_VALUES).optional(),
  market: z.enum(['JP', 'US', 'CN']).optional(),
});
export const adminIntradayListResponse = z.array(
  intradayApplicationResponse.extend({ user_id: z.string() }),
);

export type IntradayWire = z.output<typeof intradayApplicationResponse>;
export type IntradayTradeWire = z.output<typeof intradayTradeResponse>;
