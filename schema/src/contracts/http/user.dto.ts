import { z } from 'zod';
import { displayCurrencyField, requestIdField } from './fields.ts';

export const userInfoRequest = z.strictObject({ type: displayCurrencyField });
export const assetsRequest = z.strictObject({ type: displayCurrencyField });
export const paperFundRequest = z.strictObject({
  currency: displayCurrencyField,
  request_id: requestIdField,
});
export const configRequest = z.strictObject({ type: z.string().max(16).optional() });

export interface UserInfoData {
  account: string;
  /** Available cash in the requested display currency (decimal string). */
  jpy: string;
  /** Unused loan limit (decimal string); zero until the loans issue. */
  jpyyjed: string;
  currency: string;
  fund_password_set: boolean;
  status: string;
}

export interface AssetsData {
  currency: string;
  total: string;
  market_value: string;
  available: string;
  frozen: string;
  frozen_by_kind: Record<string, string>;
  debt: string;
  unrealized_pnl: string;
  unpriced: string[];
  /** Cash per currency held, unconverted (decimal strings by currency code). */
  cash: Record<string, string>;
}
