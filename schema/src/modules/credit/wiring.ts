import type { CallContract } from '../../contracts/http/answers.ts';
import {
  addCreditRequest,
  addedCreditResponse,
  creditListRequest,
  creditListResponse,
  creditPreviewRequest,
  creditPreviewResponse,
} from './contracts/credit.dto.ts';
import * as positionCredit from './db/migrations/2026_11_23_170000_position_credit.ts';
import { creditInvariants } from './db/reconcile.ts';
import { defineWiring } from '../define-wiring.ts';

export const creditWiring = defineWiring({
  name: 'credit',
  calls: {
    'trade/addcredit': { input: addCreditRequest, output: addedCreditResponse },
    'trade/creditpreview': { input: creditPreviewRequest, output: creditPreviewResponse },
    'trade/ustockslist': { input: creditListRequest, output: creditListResponse },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_23_170000_position_credit': positionCredit },
  reconcile: [creditInvariants],
});
