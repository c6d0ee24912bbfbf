import {
  assetsRequest,
  paperFundRequest,
  summaryToWire,
  toWire,
  userInfoRequest,
  type UserInfoData,
  assetsResponse,
  paperGrantResponse,
  userInfoResponse,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { findUserById } from '../auth/public.ts';
import { summaryFor } from './assets.service.ts';
import { claimPaperFund } from './paper-fund.service.ts';
import { availableLoanIn } from '../loans/public.ts';

export const userInfoCall = defineUserCall({
  path: 'user/getUserinfo',
  summary:
    'The caller’s account, available cash and unused loan limit (`jpyyjed`, 0 while a loan is open) in a display currency',
  input: userInfoRequest,
  output: userInfoResponse,
  async handle({ input, caller, deps }) {
    const user = await findUserById(deps.db, caller.userId);
    const summary = await summaryFor(deps, caller.userId, input.type);
    const data: UserInfoData = {
      account: caller.account,
      jpy: toWire(summary.available),
      jpyyjed: toWire(await availableLoanIn(deps, caller.userId, summary.currency)),
      currency: summary.currency,
      fund_password_set: Boolean(user?.fundPasswordHash),
      status: user?.status ?? 'active',
    };
    return { msg: 'ok', data };
  },
});

export const assetsCall = defineUserCall({
  path: 'user/assets',
  summary: 'The account summary (DESIGN.md section 3) in a display currency',
  input: assetsRequest,
  output: assetsResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: summaryToWire(await summaryFor(deps, caller.userId, input.type)) };
  },
});

export const paperFundCall = defineUserCall({
  path: 'user/paperfund',
  summary: 'Paper mode: credits the virtual grant as a ledger transaction',
  input: paperFundRequest,
  output: paperGrantResponse,
  async handle({ input, caller, deps }) {
    // Its `fund:updated` and asset recomputation go with the grant's transaction (the outbox).
    const { result } = await claimPaperFund(deps, {
      userId: caller.userId,
      display: input.currency,
      requestId: input.request_id,
    });
    return { msg: 'claim_ok', data: result };
  },
});

/** The user module's calls, in the order the central list shows them. */
export const USER_CALLS: readonly CallDefinition[] = [userInfoCall, assetsCall, paperFundCall];
