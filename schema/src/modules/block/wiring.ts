import type { CallContract } from '../../contracts/http/answers.ts';
import { noData } from '../../contracts/http/answers.ts';
import {
  adminBlockCloseRequest,
  adminBlockCreatedResponse,
  adminBlockCreateRequest,
  adminBlockListRequest,
  adminBlockListResponse,
  adminBlockUpdateRequest,
  blockBoughtResponse,
  blockBuyRequest,
  blockDetailRequest,
  blockDetailResponse,
  blockListRequest,
  blockListResponse,
  blockOrdersRequest,
  blockOrdersResponse,
  blockProofRequest,
  blockProofResponse,
} from './contracts/block.dto.ts';
import * as block from './db/migrations/2026_11_27_020000_block.ts';
import * as blockLottery from './db/migrations/2026_11_27_090000_block_lottery.ts';
import { blockHolds } from './db/reconcile.ts';
import { seedBlockDemo } from './db/seed-demo.ts';
import { sealPlainOfferSecrets } from './db/offers.repository.ts';
import { defineWiring } from '../define-wiring.ts';

export const blockWiring = defineWiring({
  name: 'block',
  calls: {
    'block/list': { input: blockListRequest, output: blockListResponse },
    'block/detail': { input: blockDetailRequest, output: blockDetailResponse },
    'block/buy': { input: blockBuyRequest, output: blockBoughtResponse },
    'block/orders': { input: blockOrdersRequest, output: blockOrdersResponse },
    'block/proof': { input: blockProofRequest, output: blockProofResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'block/list': { input: adminBlockListRequest, output: adminBlockListResponse },
    'block/create': { input: adminBlockCreateRequest, output: adminBlockCreatedResponse },
    'block/update': { input: adminBlockUpdateRequest, output: noData },
    'block/close': { input: adminBlockCloseRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_27_020000_block': block,
    '2026_11_27_090000_block_lottery': blockLottery,
  },
  reconcile: [blockHolds],
  seedDemo: seedBlockDemo,
  sealAtRest: sealPlainOfferSecrets,
});
