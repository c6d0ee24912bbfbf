import type { CallContract } from '../../contracts/http/answers.ts';
import { defineWiring } from '../define-wiring.ts';
import { noData } from '../../contracts/http/answers.ts';
import {
  adminProductCreatedResponse,
  adminProductCreateRequest,
  adminProductIdRequest,
  adminProductListRequest,
  adminProductListResponse,
  adminProductUpdateRequest,
  productDetailRequest,
  productDetailResponse,
  productFollowedResponse,
  productFollowRequest,
  productListRequest,
  productListResponse,
  productRedeemedResponse,
  productRedeemRequest,
  userProductListRequest,
  userProductListResponse,
} from './contracts/products.dto.ts';
import { productBooks, productHolds, productLedger } from './db/reconcile.ts';
import * as products from './db/migrations/2026_11_27_030000_products.ts';
import { seedProductsDemo } from './db/seed-demo.ts';

export const productsWiring = defineWiring({
  name: 'products',
  calls: {
    'product/list': { input: productListRequest, output: productListResponse },
    'product/detail': { input: productDetailRequest, output: productDetailResponse },
    'product/follow': { input: productFollowRequest, output: productFollowedResponse },
    'product/redeem': { input: productRedeemRequest, output: productRedeemedResponse },
    'trade/userproductlist': { input: userProductListRequest, output: userProductListResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'product/list': { input: adminProductListRequest, output: adminProductListResponse },
    'product/create': { input: adminProductCreateRequest, output: adminProductCreatedResponse },
    'product/update': { input: adminProductUpdateRequest, output: noData },
    'product/open': { input: adminProductIdRequest, output: noData },
    'product/close': { input: adminProductIdRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_27_030000_products': products },
  reconcile: [productHolds, productBooks, productLedger],
  seedDemo: seedProductsDemo,
});
