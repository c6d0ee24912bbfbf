import type { CallContract } from '../../contracts/http/answers.ts';
import {
  adminIntradayListRequest,
  adminIntradayListResponse,
  intradayAppliedResponse,
  intradayApplyRequest,
  intradayDetailRequest,
  intradayDetailResponse,
  intradayListRequest,
  intradayListResponse,
} from './contracts/intraday.dto.ts';
import * as intraday from './db/migrations/2026_11_23_160000_intraday.ts';
import { intradayHolds } from './db/reconcile.ts';
import { defineWiring } from '../define-wiring.ts';

export const intradayWiring = defineWiring({
  name: 'intraday',
  calls: {
    'intraday/apply': { input: intradayApplyRequest, output: intradayAppliedResponse },
    'intraday/list': { input: intradayListRequest, output: intradayListResponse },
    'intraday/detail': { input: intradayDetailRequest, output: intradayDetailResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'intraday/applications': { input: adminIntradayListRequest, output: adminIntradayListResponse },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_23_160000_intraday': intraday },
  reconcile: [intradayHolds],
});
