import {
  assetsRequest,
  paperFundRequest,
  QUEUE_NAMES,
  summaryToWire,
  toWire,
  userInfoRequest,
  type UserInfoData,
} from '@kabuto/schema/contracts';
import { defineCall, requireCaller } from '../../http/call.ts';
import { findUserById } from '../auth/users.repository.ts';
import { summaryFor } from './assets.service.ts';
import { claimPaperFund } from './paper-fund.service.ts';

export const userInfoCall = defineCall({
  path: 'user/getUserinfo',
  summary: 'The caller’s account and available cash in a display currency',
  input: userInfoRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const { type } = context.input as { type: 'jpy' | 'usd' | 'cny' };
    const user = await findUserById(context.deps.db, caller.userId);
    const summary = await summaryFor(context.deps, caller.userId, type);
    const data: UserInfoData = {
      account: caller.account,
      jpy: toWire(summary.available),
      jpyyjed: toWire({ currency: summary.currency, amountMinor: 0n }),
      currency: summary.currency,
      fund_password_set: Boolean(user?.fundPasswordHash),
      status: user?.status ?? 'active',
    };
    return { msg: 'ok', data };
  },
});

export const assetsCall = defineCall({
  path: 'user/assets',
  summary: 'The account summary (DESIGN.md section 3) in a display currency',
  input: assetsRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const { type } = context.input as { type: 'jpy' | 'usd' | 'cny' };
    return { msg: 'ok', data: summaryToWire(await summaryFor(context.deps, caller.userId, type)) };
  },
});

export const paperFundCall = defineCall({
  path: 'user/paperfund',
  summary: 'Paper mode: credits the virtual grant as a ledger transaction',
  input: paperFundRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const input = context.input as { currency: 'jpy' | 'usd' | 'cny'; request_id: string };
    const { result, replayed } = await claimPaperFund(context.deps, {
      userId: caller.userId,
      display: input.currency,
      requestId: input.request_id,
    });
    if (!replayed) {
      await context.deps.accountEvents.emit(caller.userId, 'fund:updated', { kind: 'paper_grant', ...result });
      await context.deps.assetQueue.add(
        QUEUE_NAMES.assetRecompute,
        { userId: caller.userId, reason: 'paper_grant' },
        { jobId: `assets-${caller.userId}-grant-${result.journal_id}`, removeOnComplete: 1000, removeOnFail: 1000 },
      );
    }
    return { msg: 'claim_ok', data: result };
  },
});
