import type { CallContract } from '../../contracts/http/answers.ts';
import { adminKycListResponse } from '../../contracts/http/admin.dto.ts';
import { FILE_ANSWER, noData } from '../../contracts/http/answers.ts';
import {
  adminDecideRequest,
  adminListRequest,
  emptyRequest,
  idRequest,
  kycSubmitRequest,
} from '../../contracts/http/funds.dto.ts';
import { kycStatusResponse, kycSubmitResponse } from '../../contracts/http/kyc.dto.ts';
import { defineWiring } from '../define-wiring.ts';

/** The kyc module's calls. */
export const kycWiring = defineWiring({
  name: 'kyc',
  calls: {
    'user/kyc': { input: emptyRequest, output: kycStatusResponse },
    'user/verify': { input: kycSubmitRequest, output: kycSubmitResponse },
    'user/upload': { input: idRequest, output: FILE_ANSWER },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'kyc/list': { input: adminListRequest, output: adminKycListResponse },
    'kyc/decide': { input: adminDecideRequest, output: noData },
    upload: { input: idRequest, output: FILE_ANSWER },
  } satisfies Record<string, CallContract>,
});
