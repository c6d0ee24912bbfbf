import type { CallDefinition } from './call.ts';
import { configCall, sendCodeCall } from '../modules/common/common.calls.ts';
import {
  loginCall,
  logoutCall,
  registerCall,
  revokeSessionCall,
  sessionsCall,
} from '../modules/auth/auth.calls.ts';
import { assetsCall, paperFundCall, userInfoCall } from '../modules/user/user.calls.ts';
import {
  candlesCall,
  detailCall,
  hotCall,
  indicesCall,
  marketListCall,
  rankingsCall,
  searchCall,
} from '../modules/quotes/quotes.calls.ts';
import { unwatchCall, watchCall, watchlistCall } from '../modules/quotes/watchlist.calls.ts';
import {
  cancelOrderCall,
  closedPositionsCall,
  closePositionCall,
  openPositionsCall,
  pendingOrdersCall,
  placeOrderCall,
  previewOrderCall,
  holdingCall,
} from '../modules/trading/trading.calls.ts';
import {
  changeFundPasswordCall,
  changePasswordCall,
  setFundPasswordCall,
} from '../modules/user/passwords.calls.ts';
import { kycStatusCall, kycSubmitCall } from '../modules/kyc/kyc.calls.ts';
import { viewOwnUploadCall, viewUploadForReviewCall } from '../modules/uploads/uploads.calls.ts';
import {
  bankAddCall,
  bankEditCall,
  bankListCall,
  bankUnbindCall,
} from '../modules/bank/bank.calls.ts';
import {
  depositCall,
  depositChannelCall,
  depositChannelsCall,
  depositInfoCall,
  depositListCall,
  exchangeCall,
  exchangeQuoteCall,
  recordsCall,
  recordsCsvCall,
  withdrawalListCall,
  withdrawCall,
} from '../modules/funds/funds.calls.ts';
import {
  antiPhishingCall,
  securityStatusCall,
  totpEnableCall,
  totpSetupCall,
} from '../modules/security/security.calls.ts';
import { inboxListCall, inboxReadCall } from '../modules/inbox/inbox.calls.ts';
import {
  adminDepositDecideCall,
  adminDepositListCall,
  adminKycDecideCall,
  adminKycListCall,
  adminLoginCall,
  adminWithdrawalDecideCall,
  adminWithdrawalListCall,
} from '../modules/admin/admin.calls.ts';

/** Every call under /api/vue/. Each module adds its calls here. */
export const CALLS: readonly CallDefinition[] = [
  configCall,
  sendCodeCall,
  registerCall,
  loginCall,
  logoutCall,
  sessionsCall,
  revokeSessionCall,
  userInfoCall,
  assetsCall,
  paperFundCall,
  changePasswordCall,
  setFundPasswordCall,
  changeFundPasswordCall,
  searchCall,
  detailCall,
  candlesCall,
  rankingsCall,
  indicesCall,
  marketListCall,
  hotCall,
  watchlistCall,
  watchCall,
  unwatchCall,
  placeOrderCall,
  closePositionCall,
  cancelOrderCall,
  openPositionsCall,
  closedPositionsCall,
  previewOrderCall,
  holdingCall,
  pendingOrdersCall,
  kycStatusCall,
  kycSubmitCall,
  viewOwnUploadCall,
  bankListCall,
  bankAddCall,
  bankEditCall,
  bankUnbindCall,
  depositChannelsCall,
  depositChannelCall,
  depositCall,
  depositListCall,
  depositInfoCall,
  withdrawCall,
  withdrawalListCall,
  exchangeQuoteCall,
  exchangeCall,
  recordsCall,
  recordsCsvCall,
  securityStatusCall,
  totpSetupCall,
  totpEnableCall,
  antiPhishingCall,
  inboxListCall,
  inboxReadCall,
];

/** The back-office review API under /api/admin/ (header `admin-token`); its screens are the back-office issue. */
export const ADMIN_CALLS: readonly CallDefinition[] = [
  adminLoginCall,
  adminKycListCall,
  adminKycDecideCall,
  adminDepositListCall,
  adminDepositDecideCall,
  adminWithdrawalListCall,
  adminWithdrawalDecideCall,
  viewUploadForReviewCall,
];
