import {
  listOf,
  recordOf,
  type ListOf,
  type ModuleManifest,
  type MsgLanguage,
} from '../modules/define-module.ts';
import { MODULES, type Modules } from '../modules/index.ts';

/**
 * Every msg key of CONTRACT.md section 5, and the kernel's own; each module's manifest adds its own
 * (`refusalKeys`, `successKeys`). The client translates each one in jp, cn and us.
 */
const KERNEL_REFUSAL_KEYS = [
  'invalid_param',
  'login_required',
  'account_exists',
  'inviter_not_found',
  'account_not_found',
  'wrong_credentials',
  'wrong_original_password',
  'account_frozen',
  'trading_barred',
  'wrong_fund_password',
  'wrong_channel_password',
  'fund_password_not_set',
  'otp_invalid',
  'code_invalid',
  'passwords_mismatch',
  'agreement_required',
  'invalid_account',
  'balance_insufficient',
  'available_insufficient',
  'current_balance_insufficient',
  'too_frequent',
  'outside_trading_hours',
  'card_exists',
  'card_not_found',
  'card_name_mismatch',
  'already_verified',
  'kyc_rejected',
  'kyc_pending',
  'kyc_required',
  'id_photos_required',
  'privacy_consent_required',
  'deposit_pending',
  'deposit_limit_exceeded',
  'fund_operation_busy',
  'withdraw_hours',
  'withdraw_min',
  'positions_open',
  'block_trade_closed',
  'min_lots',
  'product_unavailable',
  'order_not_holding',
  'quota_insufficient',
  'cannot_buy',
  'loan_unpaid',
  'repayment_too_small',
  'loan_limit_insufficient',
  'credit_invalid',
  'subscription_not_open',
  'new_share_once',
  'key_mismatch',
  'follow_deadline_passed',
  'product_min_amount',
  'lockup_active',
  'same_currency',
  'price_unavailable',
  'price_limit_exceeded',
  'tick_size_invalid',
  'qty_invalid',
  'leverage_invalid',
  'support_link_missing',
  'request_id_reused',
  'not_found',
  'upload_invalid',
  'network_error',
  'watchlist_full',
  'not_shortable',
  't_plus_one',
  // Added by Kabuto (CONTRACT.md allows new keys):
  'paper_mode_only',
  'password_same_as_old',
  'internal_error',
  'quote_expired',
  'grant_not_yet',
  // The back office (contracts/http/staff-roles.ts): a staff role without the call's power (403);
  // a login that needs the authenticator's code; a session that must enrol two-factor first (403);
  // a login taken; a change that would leave no active administrator.
  'role_forbidden',
  'totp_required',
  'totp_enrolment_required',
  'staff_exists',
  'staff_last_administrator',
  // security/totp/enable with no setup waiting to be confirmed (or two-factor already on).
  'totp_setup_required',
  // A dependency (Redis) is down for a moment: HTTP 503, nothing was done, the same call may be retried.
  'service_unavailable',
] as const;

const KERNEL_SUCCESS_KEYS = [
  'ok',
  'register_ok',
  'login_ok',
  'logout_ok',
  'modify_ok',
  'add_ok',
  'unbind_ok',
  'submit_ok',
  'purchase_ok',
  'subscribe_ok',
  'placement_ok',
  'follow_ok',
  'credit_ok',
  'redeem_ok',
  'deposit_ok',
  'withdraw_ok',
  'upload_ok',
  'delete_ok',
  'cancel_ok',
  'claim_ok',
  'payment_ok',
  'loan_ok',
  'exchange_ok',
  'close_ok',
  'code_sent',
  'revoke_ok',
  // Added by Kabuto: a limit order placed and resting (not filled yet), beside purchase_ok for a fill.
  'order_placed',
] as const;

export type RefusalKey = (typeof KERNEL_REFUSAL_KEYS)[number] | ListOf<Modules, 'refusalKeys'>;
export type SuccessKey = (typeof KERNEL_SUCCESS_KEYS)[number] | ListOf<Modules, 'successKeys'>;

/** Every refusal key: the kernel's, then each module's in `MODULES` order. */
export const REFUSAL_KEYS = [
  ...KERNEL_REFUSAL_KEYS,
  ...listOf(MODULES, 'refusalKeys'),
] as readonly RefusalKey[] as readonly [RefusalKey, ...RefusalKey[]];
/** Every success key: the kernel's, then each module's in `MODULES` order. */
export const SUCCESS_KEYS = [
  ...KERNEL_SUCCESS_KEYS,
  ...listOf(MODULES, 'successKeys'),
] as readonly SuccessKey[] as readonly [SuccessKey, ...SuccessKey[]];
export type MsgKey = RefusalKey | SuccessKey;

/** The texts the modules ship for their own msg keys in one language (`msgTexts`), merged. */
export function moduleMsgTexts(language: MsgLanguage): Record<string, string> {
  const manifests: readonly ModuleManifest[] = MODULES;
  return Object.assign({}, ...manifests.map((m) => m.msgTexts?.[language] ?? {}));
}

/**
 * The HTTP status that goes with a refusal when it is not a plain business refusal (200): the
 * kernel's, and each module's (`refusalHttpStatus` in its manifest).
 */
export const REFUSAL_HTTP_STATUS: Partial<Record<RefusalKey, number>> = {
  ...(recordOf(MODULES, 'refusalHttpStatus') as Partial<Record<RefusalKey, number>>),
  invalid_param: 400,
  credit_invalid: 400,
  login_required: 401,
  account_frozen: 403,
  trading_barred: 403,
  role_forbidden: 403,
  totp_enrolment_required: 403,
  not_found: 404,
  upload_invalid: 400,
  too_frequent: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** The response envelope of every call (CONTRACT.md section 1). */
export interface Envelope<T = unknown> {
  status: 0 | 1;
  msg: MsgKey;
  data: T;
}
