import type { CallContract } from '../../contracts/http/answers.ts';
import {
  adminDepositListResponse,
  adminWithdrawalListResponse,
} from '../../contracts/http/admin.dto.ts';
import { FILE_ANSWER, noData } from '../../contracts/http/answers.ts';
import { bankAddResponse, bankCardsResponse } from '../../contracts/http/bank.dto.ts';
import {
  adminDecideRequest,
  adminListRequest,
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
  recordsRequest,
  statementResponse,
  withdrawRequest,
  withdrawalListRequest,
  withdrawalListResponse,
  withdrawalRequestedResponse,
} from '../../contracts/http/funds.dto.ts';
import { defineWiring } from '../define-wiring.ts';
import * as createFunds from '../../db/migrations/2026_11_22_100000_create_funds.ts';
import * as withdrawalPayouts from '../../db/migrations/2026_11_22_130000_withdrawal_payouts.ts';
import * as withdrawalOnePending from '../../db/migrations/2026_11_23_090000_withdrawal_one_pending.ts';
import * as withdrawalExplicitStatus from '../../db/migrations/2026_11_23_110000_withdrawal_explicit_status.ts';
import * as withdrawalClaimLease from '../../db/migrations/2026_11_23_120000_withdrawal_claim_lease.ts';

/** The funds module's calls, back-office calls and migrations (kernel). */
export const fundsWiring = defineWiring({
  name: 'funds',
  calls: {
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
    'bank/list': { input: emptyRequest, output: bankCardsResponse },
    'bank/add': { input: bankAddRequest, output: bankAddResponse },
    'bank/edit': { input: bankEditRequest, output: noData },
    'bank/unbind': { input: bankUnbindRequest, output: noData },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'deposit/list': { input: adminListRequest, output: adminDepositListResponse },
    'withdrawal/list': { input: adminListRequest, output: adminWithdrawalListResponse },
    'deposit/decide': { input: adminDecideRequest, output: noData },
    'withdrawal/decide': { input: adminDecideRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_22_100000_create_funds': createFunds,
    '2026_11_22_130000_withdrawal_payouts': withdrawalPayouts,
    '2026_11_23_090000_withdrawal_one_pending': withdrawalOnePending,
    '2026_11_23_110000_withdrawal_explicit_status': withdrawalExplicitStatus,
    '2026_11_23_120000_withdrawal_claim_lease': withdrawalClaimLease,
  },
});
