import { z } from 'zod';
import { displayCurrencyField, requestIdField } from './fields.ts';

export const userInfoRequest = z.strictObject({ type: displayCurrencyField });
export const assetsRequest = z.strictObject({ type: displayCurrencyField });
export const paperFundRequest = z.strictObject({
  currency: displayCurrencyField,
  request_id: requestIdField,
});
export const configRequest = z.strictObject({ type: z.string().max(16).optional() });

export const userInfoResponse = z.object({
  account: z.string(),
  /** Available cash in the requested display currency (decimal string). */
  jpy: z.string(),
  /** Unused loan limit (decimal string); zero until the loans issue. */
  jpyyjed: z.string(),
  currency: z.string(),
  fund_password_set: z.boolean(),
  status: z.string(),
});
export type UserInfoData = z.infer<typeof userInfoResponse>;

export const assetsResponse = z.object({
  currency: z.string(),
  total: z.string(),
  market_value: z.string(),
  available: z.string(),
  frozen: z.string(),
  frozen_by_kind: z.record(z.string(), z.string()),
  debt: z.string(),
  unrealized_pnl: z.string(),
  unpriced: z.array(z.string()),
  /** Cash per currency held, unconverted (decimal strings by currency code). */
  cash: z.record(z.string(), z.string()),
});
export type AssetsData = z.infer<typeof assetsResponse>;

export const paperGrantResponse = z.object({
  journal_id: z.string(),
  currency: z.string(),
  amount: z.string(),
});
export const configResponse = z.array(z.object({ name: z.string(), value: z.string() }));
