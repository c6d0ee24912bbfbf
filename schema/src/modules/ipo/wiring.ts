import type { CallContract } from '../../contracts/http/answers.ts';
import {
  adminIpoCreatedResponse,
  adminIpoListingRequest,
  adminIpoListRequest,
  adminIpoListResponse,
  adminIpoSubscriptionsRequest,
  adminIpoSubscriptionsResponse,
  adminIpoUpdateRequest,
  ipoDetailRequest,
  ipoDetailResponse,
  ipoListRequest,
  ipoListResponse,
  ipoPayRequest,
  ipoProofRequest,
  ipoProofResponse,
  ipoStatusResponse,
  ipoSubscribedResponse,
  ipoSubscribeRequest,
  ipoWaiveRequest,
  newStockListRequest,
  newStockListResponse,
} from './contracts/ipo.dto.ts';
import { noData } from '../../contracts/http/answers.ts';
import * as ipo from './db/migrations/2026_11_23_130000_ipo.ts';
import * as ipoDrawIndex from './db/migrations/2026_11_23_150000_ipo_draw_index.ts';
import * as ipoListFrozenAt from './db/migrations/2026_11_23_190000_ipo_list_frozen_at.ts';
import { ipoHolds } from './db/reconcile.ts';
import { sealPlainListingSecrets } from './db/listings.repository.ts';
import { defineWiring } from '../define-wiring.ts';

export const ipoWiring = defineWiring({
  name: 'ipo',
  calls: {
    'ipo/list': { input: ipoListRequest, output: ipoListResponse },
    'ipo/detail': { input: ipoDetailRequest, output: ipoDetailResponse },
    'ipo/subscribe': { input: ipoSubscribeRequest, output: ipoSubscribedResponse },
    'ipo/pay': { input: ipoPayRequest, output: ipoStatusResponse },
    'ipo/waive': { input: ipoWaiveRequest, output: ipoStatusResponse },
    'ipo/proof': { input: ipoProofRequest, output: ipoProofResponse },
    'trade/usernewstocklist': { input: newStockListRequest, output: newStockListResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'ipo/list': { input: adminIpoListRequest, output: adminIpoListResponse },
    'ipo/create': { input: adminIpoListingRequest, output: adminIpoCreatedResponse },
    'ipo/update': { input: adminIpoUpdateRequest, output: noData },
    'ipo/subscriptions': {
      input: adminIpoSubscriptionsRequest,
      output: adminIpoSubscriptionsResponse,
    },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_23_130000_ipo': ipo,
    '2026_11_23_150000_ipo_draw_index': ipoDrawIndex,
    '2026_11_23_190000_ipo_list_frozen_at': ipoListFrozenAt,
  },
  reconcile: [ipoHolds],
  sealAtRest: sealPlainListingSecrets,
});
