import {
  adminListRequest,
  adminDepositListResponse,
  adminWithdrawalListResponse,
} from '@kabuto/schema/contracts';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import { defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { defineDecisionCall, reviewStatuses } from '../admin/public.ts';
import { kycOf } from '../kyc/public.ts';
import { decideDeposit } from './deposit-review.service.ts';
import { depositsForReview, withdrawalsForReview } from './funds-review.repository.ts';
import { decideWithdrawal } from './withdrawal-review.service.ts';

const money = (amount: bigint, currency: Currency) => formatScaled(amount, scaleOf(currency));

/** "山田 太郎 (ヤマダ タロウ)" once verified; null before. */
const verifiedName = (kyc: Awaited<ReturnType<typeof kycOf>> | undefined): string | null =>
  kyc?.state === 'verified' && kyc.nameKanji ? `${kyc.nameKanji} (${kyc.nameKana ?? ''})` : null;

export const adminDepositListCall = defineAdminCall({
  power: 'see',
  path: 'deposit/list',
  summary: 'Deposits by status, with the transfer reference and proof',
  input: adminListRequest,
  output: adminDepositListResponse,
  async handle({ input, deps }) {
    const rows = await depositsForReview(deps.db, reviewStatuses(input.status));
    const names = await Promise.all(rows.map((r) => kycOf(deps.db, Number(r.userId))));
    return {
      msg: 'ok',
      data: rows.map((r, i) => ({
        id: String(r.id),
        user_id: String(r.userId),
        account: r.account,
        currency: r.currency,
        amount: money(r.amount, r.currency),
        transfer_reference: r.transferReference,
        proof_upload_id: String(r.proofUploadId),
        verified_name: verifiedName(names[i]),
        status: r.status,
        reason: r.reason,
        created_at: r.createdAtMs,
      })),
    };
  },
});

export const adminWithdrawalListCall = defineAdminCall({
  power: 'see',
  path: 'withdrawal/list',
  summary: 'Withdrawals by status, with the destination card',
  input: adminListRequest,
  output: adminWithdrawalListResponse,
  async handle({ input, deps }) {
    const rows = await withdrawalsForReview(deps.db, reviewStatuses(input.status));
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        id: String(r.id),
        user_id: String(r.userId),
        account: r.account,
        currency: r.currency,
        amount: money(r.amount, r.currency),
        status: r.status,
        reason: r.reason,
        created_at: r.createdAtMs,
        holder_kana: r.card.holderKana,
        bank_name: r.card.bankName,
        branch_name: r.card.branchName,
        branch_code: r.card.branchCode,
        card_type: r.card.cardType,
        account_number: r.card.accountNumber,
      })),
    };
  },
});

export const adminDepositDecideCall = defineDecisionCall({
  subject: 'deposit',
  summary: 'Approves (credits the ledger) or rejects a pending deposit; audited',
  decide: decideDeposit,
});

export const adminWithdrawalDecideCall = defineDecisionCall({
  subject: 'withdrawal',
  summary:
    'Approves a pending withdrawal for payout (the payout worker sends it) or returns it (reject); audited',
  decide: decideWithdrawal,
});

/** The funds module's back-office calls (the central list spreads these). */
export const FUNDS_ADMIN_CALLS: readonly CallDefinition[] = [
  adminDepositListCall,
  adminDepositDecideCall,
  adminWithdrawalListCall,
  adminWithdrawalDecideCall,
];
