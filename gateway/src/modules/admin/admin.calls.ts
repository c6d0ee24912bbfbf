import {
  adminDecideRequest,
  adminListRequest,
  adminLoginRequest,
  Refusal,
} from '@kabuto/schema/contracts';
import type { FundDecisionReason } from '@kabuto/schema/contracts';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import { defineAdminCall, defineCall } from '../../http/call.ts';
import type { GatewayDeps } from '../../deps.ts';
import { checkWithLimits, loginLimits } from '../../infra/limiters.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { createAdminSession } from './admin-sessions.repository.ts';
import { announce } from '../common/announce.ts';
import { decideDeposit, decideKyc, decideWithdrawal } from './review.service.ts';

export const adminLoginCall = defineCall({
  path: 'login',
  summary: 'Back-office login; returns an admin token for the admin-token header',
  input: adminLoginRequest,
  async handle({ input, ip, deps }) {
    const admin = await deps.db
      .selectFrom('admin_user')
      .select(['id', 'password_hash'])
      .where('login', '=', input.login)
      .executeTakeFirst();
    const ok = await checkWithLimits(
      loginLimits(deps.limiters, `admin:${input.login}`, ip),
      async () => {
        const matches = await verifyPassword(
          admin?.password_hash ?? (await dummyPasswordHash()),
          input.password,
        );
        return matches && Boolean(admin);
      },
    );
    if (!admin || !ok) throw new Refusal('wrong_credentials');
    return {
      msg: 'login_ok',
      data: { token: await createAdminSession(deps.db, Number(admin.id), deps.clock.nowMs()) },
    };
  },
});

const statusFilter = (status: string) =>
  status === 'all' ? null : status === 'approved' ? ['approved', 'paid'] : [status];
const money = (amount: bigint, currency: string) =>
  formatScaled(amount, scaleOf(currency as Currency));

export const adminKycListCall = defineAdminCall({
  path: 'kyc/list',
  summary: 'Real-name submissions by status',
  input: adminListRequest,
  async handle({ input, deps }) {
    let query = deps.db
      .selectFrom('kyc_submission as k')
      .innerJoin('app_user as u', 'u.id', 'k.user_id')
      .select([
        'k.id',
        'k.user_id',
        'u.account',
        'k.name_kanji',
        'k.name_kana',
        'k.id_number',
        'k.document_type',
        'k.front_upload_id',
        'k.back_upload_id',
        'k.status',
        'k.reason',
        'k.created_at',
      ]);
    const statuses = statusFilter(input.status);
    if (statuses) query = query.where('k.status', 'in', statuses);
    const rows = await query.orderBy('k.id').limit(200).execute();
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        ...r,
        id: String(r.id),
        user_id: String(r.user_id),
        front_upload_id: String(r.front_upload_id),
        back_upload_id: String(r.back_upload_id),
        created_at: Number(r.created_at),
      })),
    };
  },
});

export const adminDepositListCall = defineAdminCall({
  path: 'deposit/list',
  summary: 'Deposits by status, with the transfer reference and proof',
  input: adminListRequest,
  async handle({ input, deps }) {
    let query = deps.db
      .selectFrom('deposit as d')
      .innerJoin('app_user as u', 'u.id', 'd.user_id')
      .select([
        'd.id',
        'd.user_id',
        'u.account',
        'd.currency',
        'd.amount',
        'd.transfer_reference',
        'd.proof_upload_id',
        'd.status',
        'd.reason',
        'd.created_at',
      ]);
    const statuses = statusFilter(input.status);
    if (statuses) query = query.where('d.status', 'in', statuses);
    const rows = await query.orderBy('d.id').limit(200).execute();
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        ...r,
        id: String(r.id),
        user_id: String(r.user_id),
        amount: money(r.amount, r.currency),
        proof_upload_id: String(r.proof_upload_id),
        created_at: Number(r.created_at),
      })),
    };
  },
});

export const adminWithdrawalListCall = defineAdminCall({
  path: 'withdrawal/list',
  summary: 'Withdrawals by status, with the destination card',
  input: adminListRequest,
  async handle({ input, deps }) {
    let query = deps.db
      .selectFrom('withdrawal as w')
      .innerJoin('app_user as u', 'u.id', 'w.user_id')
      .innerJoin('bank_card as c', 'c.id', 'w.card_id')
      .select([
        'w.id',
        'w.user_id',
        'u.account',
        'w.currency',
        'w.amount',
        'w.status',
        'w.reason',
        'w.created_at',
        'c.holder_kana',
        'c.bank_name',
        'c.branch_name',
        'c.branch_code',
        'c.card_type',
        'c.account_number',
      ]);
    const statuses = statusFilter(input.status);
    if (statuses) query = query.where('w.status', 'in', statuses);
    const rows = await query.orderBy('w.id').limit(200).execute();
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        ...r,
        id: String(r.id),
        user_id: String(r.user_id),
        amount: money(r.amount, r.currency),
        created_at: Number(r.created_at),
      })),
    };
  },
});

function announceDecision(
  deps: GatewayDeps,
  userId: number,
  reason: FundDecisionReason,
  id: number,
): void {
  announce(deps, userId, 'fund:updated', { reason, id: String(id) }, reason);
  announce(deps, userId, 'message:created', { reason }, reason);
}

export const adminKycDecideCall = defineAdminCall({
  path: 'kyc/decide',
  summary: 'Approves or rejects (with a reason) a pending real-name submission; audited',
  input: adminDecideRequest,
  async handle({ input, admin, deps }) {
    const { userId } = await decideKyc(deps, admin, input);
    announceDecision(deps, userId, `kyc_${input.decision}`, input.id);
    return { msg: 'submit_ok' };
  },
});

export const adminDepositDecideCall = defineAdminCall({
  path: 'deposit/decide',
  summary: 'Approves (credits the ledger) or rejects a pending deposit; audited',
  input: adminDecideRequest,
  async handle({ input, admin, deps }) {
    const { userId } = await decideDeposit(deps, admin, input);
    announceDecision(deps, userId, `deposit_${input.decision}`, input.id);
    return { msg: 'submit_ok' };
  },
});

export const adminWithdrawalDecideCall = defineAdminCall({
  path: 'withdrawal/decide',
  summary:
    'Approves a pending withdrawal for payout (the payout worker sends it) or returns it (reject); audited',
  input: adminDecideRequest,
  async handle({ input, admin, deps }) {
    const { userId } = await decideWithdrawal(deps, admin, input);
    announceDecision(deps, userId, `withdrawal_${input.decision}`, input.id);
    return { msg: 'submit_ok' };
  },
});
