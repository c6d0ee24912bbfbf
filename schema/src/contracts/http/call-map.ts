// The contract of every call: path → { input, output } schemas, one list per kernel module here and
// each product's in its wiring (`modules/<m>/wiring.ts`), spread into the two central maps. The gateway's calls use these schemas; the client takes its types from `CallMap`.
import type { z } from 'zod';
import { FILE_ANSWER, noData, type CallContract } from './answers.ts';
import type { MsgKey } from '../msg-keys.ts';
import type { UnionToIntersection } from '../../modules/define-module.ts';
import { wiredCalls, type ModuleWirings } from '../../modules/wiring.ts';
import {
  adminDepositListResponse,
  adminKycListResponse,
  adminLoginResponse,
  adminWithdrawalListResponse,
} from './admin.dto.ts';
import {
  changeFundPasswordRequest,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  registerRequest,
  revokeSessionRequest,
  sendCodeRequest,
  sessionListResponse,
  setFundPasswordRequest,
} from './auth.dto.ts';
import { bankAddResponse, bankCardsResponse } from './bank.dto.ts';
import {
  adminDecideRequest,
  adminListRequest,
  adminLoginRequest,
  antiPhishingRequest,
  bankAddRequest,
  bankEditRequest,
  bankUnbindRequest,
  channelDetailsResponse,
  depositChannelRequest,
  depositChannelsResponse,
  depositListResponse,
  depositRequest,
  depositRequestedResponse,
  depositRowResponse,
  emptyRequest,
  exchangeDoneResponse,
  exchangeQuoteRequest,
  exchangeQuoteResponse,
  exchangeRequest,
  idRequest,
  kycSubmitRequest,
  recordsRequest,
  statementResponse,
  totpEnableRequest,
  withdrawRequest,
  withdrawalListRequest,
  withdrawalListResponse,
  withdrawalRequestedResponse,
} from './funds.dto.ts';
import { inboxListResponse } from './inbox.dto.ts';
import { kycStatusResponse, kycSubmitResponse } from './kyc.dto.ts';
import {
  candlesRequest,
  candlesResponse,
  detailRequest,
  marketListRequest,
  quoteDetailResponse,
  quoteListResponse,
  rankingsRequest,
  searchRequest,
  watchRequest,
  watchResponse,
  watchlistRequest,
} from './quotes.dto.ts';
import { securityStatusResponse, totpSetupResponse } from './security.dto.ts';
import {
  cancelOrderRequest,
  cancelledOrderResponse,
  closePositionRequest,
  closedPositionResponse,
  closedPositionsResponse,
  holdingRequest,
  holdingResponse,
  openPositionsResponse,
  orderPreviewResponse,
  pendingOrdersResponse,
  placeOrderRequest,
  placedOrderResponse,
  positionListRequest,
  previewOrderRequest,
} from './trading.dto.ts';
import {
  assetsRequest,
  assetsResponse,
  configRequest,
  configResponse,
  paperFundRequest,
  paperGrantResponse,
  userInfoRequest,
  userInfoResponse,
} from './user.dto.ts';

const authCalls = {
  'user/register': { input: registerRequest, output: noData },
  'user/login': { input: loginRequest, output: loginResponse },
  'user/logout': { input: emptyRequest, output: noData },
  'user/sessions': { input: emptyRequest, output: sessionListResponse },
  'user/revokeSession': { input: revokeSessionRequest, output: noData },
} as const satisfies Record<string, CallContract>;
const bankCalls = {
  'bank/list': { input: emptyRequest, output: bankCardsResponse },
  'bank/add': { input: bankAddRequest, output: bankAddResponse },
  'bank/edit': { input: bankEditRequest, output: noData },
  'bank/unbind': { input: bankUnbindRequest, output: noData },
} as const satisfies Record<string, CallContract>;
const commonCalls = {
  'common/config': { input: configRequest, output: configResponse },
  'common/sendcode': { input: sendCodeRequest, output: noData },
} as const satisfies Record<string, CallContract>;
const fundsCalls = {
  'fund/channels': { input: emptyRequest, output: depositChannelsResponse },
  'fund/channel': { input: depositChannelRequest, output: channelDetailsResponse },
  'fund/deposit': { input: depositRequest, output: depositRequestedResponse },
  'fund/deposits': { input: emptyRequest, output: depositListResponse },
  'fund/depositinfo': { input: idRequest, output: depositRowResponse },
  'fund/withdraw': { input: withdrawRequest, output: withdrawalRequestedResponse },
  'user/withdrawallist': { input: withdrawalListRequest, output: withdrawalListResponse },
  'fund/exchangequote': { input: exchangeQuoteRequest, output: exchangeQuoteResponse },
  'fund/exchange': { input: exchangeRequest, output: exchangeDoneResponse },
  'fund/records': { input: recordsRequest, output: statementResponse },
  'fund/records.csv': { input: recordsRequest, output: FILE_ANSWER },
} as const satisfies Record<string, CallContract>;
const inboxCalls = {
  'user/messages': { input: emptyRequest, output: inboxListResponse },
  'user/messageRead': { input: idRequest, output: noData },
} as const satisfies Record<string, CallContract>;
const kycCalls = {
  'user/kyc': { input: emptyRequest, output: kycStatusResponse },
  'user/verify': { input: kycSubmitRequest, output: kycSubmitResponse },
} as const satisfies Record<string, CallContract>;
const quotesCalls = {
  'quote/search': { input: searchRequest, output: quoteListResponse },
  'quote/detail': { input: detailRequest, output: quoteDetailResponse },
  'quote/candles': { input: candlesRequest, output: candlesResponse },
  'quote/rankings': { input: rankingsRequest, output: quoteListResponse },
  'quote/indices': { input: marketListRequest, output: quoteListResponse },
  'quote/market': { input: marketListRequest, output: quoteListResponse },
  'quote/hot': { input: marketListRequest, output: quoteListResponse },
  'quote/watchlist': { input: watchlistRequest, output: quoteListResponse },
  'quote/watch': { input: watchRequest, output: watchResponse },
  'quote/unwatch': { input: watchRequest, output: watchResponse },
} as const satisfies Record<string, CallContract>;
const securityCalls = {
  'security/status': { input: emptyRequest, output: securityStatusResponse },
  'security/totp/setup': { input: emptyRequest, output: totpSetupResponse },
  'security/totp/enable': { input: totpEnableRequest, output: noData },
  'security/antiphishing': { input: antiPhishingRequest, output: noData },
} as const satisfies Record<string, CallContract>;
const tradingCalls = {
  'trade/order': { input: placeOrderRequest, output: placedOrderResponse },
  'trade/close': { input: closePositionRequest, output: closedPositionResponse },
  'trade/cancel': { input: cancelOrderRequest, output: cancelledOrderResponse },
  'trade/userstocklist': { input: positionListRequest, output: openPositionsResponse },
  'trade/userstocklists': { input: positionListRequest, output: closedPositionsResponse },
  'trade/preview': { input: previewOrderRequest, output: orderPreviewResponse },
  'trade/pendinglist': { input: positionListRequest, output: pendingOrdersResponse },
  'trade/holding': { input: holdingRequest, output: holdingResponse },
} as const satisfies Record<string, CallContract>;
const uploadsCalls = {
  'user/upload': { input: idRequest, output: FILE_ANSWER },
} as const satisfies Record<string, CallContract>;
const userCalls = {
  'user/changePassword': { input: changePasswordRequest, output: noData },
  'user/setFundPassword': { input: setFundPasswordRequest, output: noData },
  'user/changeFundPassword': { input: changeFundPasswordRequest, output: noData },
  'user/getUserinfo': { input: userInfoRequest, output: userInfoResponse },
  'user/assets': { input: assetsRequest, output: assetsResponse },
  'user/paperfund': { input: paperFundRequest, output: paperGrantResponse },
} as const satisfies Record<string, CallContract>;

/** Each module's calls (or admin calls), as its wiring declares them. */
type WiredCalls<K extends 'calls' | 'adminCalls'> = UnionToIntersection<
  ModuleWirings[number] extends infer W
    ? W extends { readonly [P in K]: infer C }
      ? C
      : never
    : never
>;

/** Every call under /api/vue/: the kernel's, then each module's (`modules/wiring.ts`). */
export const CALL_CONTRACTS = {
  ...authCalls,
  ...bankCalls,
  ...commonCalls,
  ...fundsCalls,
  ...inboxCalls,
  ...kycCalls,
  ...quotesCalls,
  ...securityCalls,
  ...tradingCalls,
  ...uploadsCalls,
  ...userCalls,
  ...(wiredCalls('calls') as WiredCalls<'calls'>),
} as const;

/** The back-office review API under /api/admin/. */
export const ADMIN_CALL_CONTRACTS = {
  login: { input: adminLoginRequest, output: adminLoginResponse },
  'kyc/list': { input: adminListRequest, output: adminKycListResponse },
  'deposit/list': { input: adminListRequest, output: adminDepositListResponse },
  'withdrawal/list': { input: adminListRequest, output: adminWithdrawalListResponse },
  'kyc/decide': { input: adminDecideRequest, output: noData },
  'deposit/decide': { input: adminDecideRequest, output: noData },
  'withdrawal/decide': { input: adminDecideRequest, output: noData },
  upload: { input: idRequest, output: FILE_ANSWER },
  ...(wiredCalls('adminCalls') as WiredCalls<'adminCalls'>),
} as const satisfies Record<string, CallContract>;

/** A form field as the client sends it: every value a string (the server coerces and checks). */
type FormOf<T> = { [K in keyof T]: string };
type AnswerOf<O> = O extends z.ZodType ? z.output<O> : Blob;
type MapOf<M extends Record<string, CallContract>> = {
  [P in keyof M]: { input: FormOf<z.input<M[P]['input']>>; output: AnswerOf<M[P]['output']> };
};

/** The client's view of every call: its form fields and its answer's `data`. */
export type CallMap = MapOf<typeof CALL_CONTRACTS>;
export type CallPath = keyof CallMap;
export type CallInput<P extends CallPath> = CallMap[P]['input'];
export type CallAnswer<P extends CallPath> = CallMap[P]['output'];
/** The back office's view of its calls. */
export type AdminCallMap = MapOf<typeof ADMIN_CALL_CONTRACTS>;

/** A call's envelope as the client sees it: its answer on success, a refusal's details otherwise. */
export type CallEnvelope<P extends CallPath> =
  { status: 1; msg: MsgKey; data: CallAnswer<P> } | { status: 0; msg: MsgKey; data: unknown };
