import { adminListRequest, adminKycListResponse } from '@kabuto/schema/contracts';
import { defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { defineDecisionCall, reviewStatuses } from '../admin/public.ts';
import { decideKyc } from './kyc-review.service.ts';
import { kycSubmissionsForReview } from './kyc.repository.ts';

export const adminKycListCall = defineAdminCall({
  power: 'see',
  path: 'kyc/list',
  summary: 'Real-name submissions by status',
  input: adminListRequest,
  output: adminKycListResponse,
  async handle({ input, deps }) {
    const rows = await kycSubmissionsForReview(deps.db, reviewStatuses(input.status));
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        id: String(r.id),
        user_id: String(r.userId),
        account: r.account,
        name_kanji: r.nameKanji,
        name_kana: r.nameKana,
        id_number: r.idNumber,
        document_type: r.documentType,
        front_upload_id: String(r.frontUploadId),
        back_upload_id: String(r.backUploadId),
        status: r.status,
        reason: r.reason,
        created_at: r.createdAtMs,
      })),
    };
  },
});

export const adminKycDecideCall = defineDecisionCall({
  subject: 'kyc',
  summary: 'Approves or rejects (with a reason) a pending real-name submission; audited',
  decide: decideKyc,
});

/** The KYC module's back-office calls (the central list spreads these). */
export const KYC_ADMIN_CALLS: readonly CallDefinition[] = [adminKycListCall, adminKycDecideCall];
