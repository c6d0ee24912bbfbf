import type { CallDefinition } from './http/call.ts';
import { COMMON_CALLS } from './modules/common/common.calls.ts';
import { AUTH_CALLS } from './modules/auth/auth.calls.ts';
import { USER_CALLS } from './modules/user/user.calls.ts';
import { PASSWORD_CALLS } from './modules/user/passwords.calls.ts';
import { QUOTES_CALLS } from './modules/quotes/quotes.calls.ts';
import { WATCHLIST_CALLS } from './modules/quotes/watchlist.calls.ts';
import { TRADING_CALLS } from './modules/trading/trading.calls.ts';
import { KYC_CALLS } from './modules/kyc/kyc.calls.ts';
import { KYC_ADMIN_CALLS } from './modules/kyc/kyc.admin-calls.ts';
import { UPLOADS_ADMIN_CALLS, UPLOADS_CALLS } from './modules/uploads/uploads.calls.ts';
import { BANK_CALLS } from './modules/bank/bank.calls.ts';
import { FUNDS_CALLS } from './modules/funds/funds.calls.ts';
import { FUNDS_ADMIN_CALLS } from './modules/funds/funds.admin-calls.ts';
import { SECURITY_CALLS } from './modules/security/security.calls.ts';
import { INBOX_CALLS } from './modules/inbox/inbox.calls.ts';
import { IPO_CALLS } from './modules/ipo/ipo.calls.ts';
import { IPO_ADMIN_CALLS } from './modules/ipo/ipo.admin-calls.ts';
import { INTRADAY_CALLS } from './modules/intraday/intraday.calls.ts';
import { INTRADAY_ADMIN_CALLS } from './modules/intraday/intraday.admin-calls.ts';
import { CREDIT_CALLS } from './modules/credit/credit.calls.ts';
import { BACK_OFFICE_AUTH_CALLS } from './modules/admin/admin.calls.ts';
import { LOAN_CALLS } from './modules/loans/loans.calls.ts';
import { LOAN_ADMIN_CALLS } from './modules/loans/loans.admin-calls.ts';

/** Every call under /api/vue/: the spread of each module's list (a new module adds one line). */
export const CALLS: readonly CallDefinition[] = [
  ...COMMON_CALLS,
  ...AUTH_CALLS,
  ...USER_CALLS,
  ...PASSWORD_CALLS,
  ...QUOTES_CALLS,
  ...WATCHLIST_CALLS,
  ...TRADING_CALLS,
  ...KYC_CALLS,
  ...UPLOADS_CALLS,
  ...BANK_CALLS,
  ...FUNDS_CALLS,
  ...SECURITY_CALLS,
  ...INBOX_CALLS,
  ...IPO_CALLS,
  ...LOAN_CALLS,
  ...INTRADAY_CALLS,
  ...CREDIT_CALLS,
];

/**
 * The back-office review API under /api/admin/ (header `admin-token`): the back-office login,
 * then each module's admin calls. Its screens are the back-office issue.
 */
export const ADMIN_CALLS: readonly CallDefinition[] = [
  ...BACK_OFFICE_AUTH_CALLS,
  ...KYC_ADMIN_CALLS,
  ...FUNDS_ADMIN_CALLS,
  ...UPLOADS_ADMIN_CALLS,
  ...IPO_ADMIN_CALLS,
  ...LOAN_ADMIN_CALLS,
  ...INTRADAY_ADMIN_CALLS,
];
