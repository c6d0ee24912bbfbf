import {
  emptyRequest,
  kycSubmitRequest,
  kycStatusResponse,
  kycSubmitResponse,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { kycOf } from './kyc.repository.ts';
import { submitKyc } from './kyc.service.ts';

export const kycStatusCall = defineUserCall({
  path: 'user/kyc',
  summary: 'Real-name state: none, pending, verified or failed (with the reviewer reason)',
  input: emptyRequest,
  output: kycStatusResponse,
  async handle({ caller, deps }) {
    const kyc = await kycOf(deps.db, caller.userId);
    return {
      msg: 'ok',
      data: {
        state: kyc.state,
        reason: kyc.reason,
        name_kanji: kyc.nameKanji,
        name_kana: kyc.nameKana,
        document_type: kyc.documentType,
        front_upload_id: kyc.frontUploadId === null ? null : String(kyc.frontUploadId),
        back_upload_id: kyc.backUploadId === null ? null : String(kyc.backUploadId),
      },
    };
  },
});

export const kycSubmitCall = defineUserCall({
  path: 'user/verify',
  summary:
    'Submits the real-name verification: names, ID number, document type, consent, front and back photos (multipart)',
  input: kycSubmitRequest,
  output: kycSubmitResponse,
  files: ['front', 'back'],
  async handle({ input, caller, deps, files, ip }) {
    return { msg: 'submit_ok', data: await submitKyc(deps, caller.userId, input, files, ip) };
  },
});

/** The KYC module's calls, in the order the central list shows them. */
export const KYC_CALLS: readonly CallDefinition[] = [kycStatusCall, kycSubmitCall];
