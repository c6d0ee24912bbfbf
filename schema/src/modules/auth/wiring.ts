import type { CallContract } from '../../contracts/http/answers.ts';
import { noData } from '../../contracts/http/answers.ts';
import {
  changeFundPasswordRequest,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  registerRequest,
  resetFundPasswordRequest,
  resetPasswordRequest,
  revokeSessionRequest,
  sendCodeRequest,
  sessionListResponse,
  setFundPasswordRequest,
} from '../../contracts/http/auth.dto.ts';
import {
  antiPhishingRequest,
  emptyRequest,
  idRequest,
  totpEnableRequest,
} from '../../contracts/http/funds.dto.ts';
import { inboxListResponse, inboxUnreadResponse } from '../../contracts/http/inbox.dto.ts';
import {
  userActionRequest,
  userDetailRequest,
  userDetailResponse,
  userFlagsRequest,
  userSearchRequest,
  userSearchResponse,
  userSessionsEndedResponse,
} from '../../contracts/http/user-admin.dto.ts';
import { securityStatusResponse, totpSetupResponse } from '../../contracts/http/security.dto.ts';
import {
  configRequest,
  configResponse,
  userInfoRequest,
  userInfoResponse,
} from '../../contracts/http/user.dto.ts';
import { defineWiring } from '../define-wiring.ts';
import * as createAccounts from '../../db/migrations/2026_11_21_090000_create_accounts.ts';
import * as secretAttempts from './db/migrations/2026_11_27_170000_secret_attempts.ts';

/** The auth module's calls, back-office calls and migrations (kernel). */
export const authWiring = defineWiring({
  name: 'auth',
  calls: {
    'user/register': { input: registerRequest, output: noData },
    'user/login': { input: loginRequest, output: loginResponse },
    'user/logout': { input: emptyRequest, output: noData },
    'user/sessions': { input: emptyRequest, output: sessionListResponse },
    'user/revokeSession': { input: revokeSessionRequest, output: noData },
    'user/changePassword': { input: changePasswordRequest, output: noData },
    'user/setFundPassword': { input: setFundPasswordRequest, output: noData },
    'user/changeFundPassword': { input: changeFundPasswordRequest, output: noData },
    'user/resetPassword': { input: resetPasswordRequest, output: noData },
    'user/resetFundPassword': { input: resetFundPasswordRequest, output: noData },
    'user/getUserinfo': { input: userInfoRequest, output: userInfoResponse },
    'common/config': { input: configRequest, output: configResponse },
    'common/sendcode': { input: sendCodeRequest, output: noData },
    'security/status': { input: emptyRequest, output: securityStatusResponse },
    'security/totp/setup': { input: emptyRequest, output: totpSetupResponse },
    'security/totp/enable': { input: totpEnableRequest, output: noData },
    'security/antiphishing': { input: antiPhishingRequest, output: noData },
    'user/messages': { input: emptyRequest, output: inboxListResponse },
    'user/messageRead': { input: idRequest, output: noData },
    'user/messageUnread': { input: emptyRequest, output: inboxUnreadResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'user/search': { input: userSearchRequest, output: userSearchResponse },
    'user/detail': { input: userDetailRequest, output: userDetailResponse },
    'user/flags': { input: userFlagsRequest, output: noData },
    'user/end-sessions': { input: userActionRequest, output: userSessionsEndedResponse },
    'user/reset-totp': { input: userActionRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_21_090000_create_accounts': createAccounts,
    '2026_11_27_170000_secret_attempts': secretAttempts,
  },
});
