import type { CallContract } from '../../contracts/http/answers.ts';
import {
  cancelOrderRequest,
  cancelledOrderResponse,
  closePositionRequest,
  closedPositionResponse,
  closedPositionsResponse,
  holdingRequest,
  holdingResponse,
  openPositionsResponse,
  orderPreviewResponse,
  pendingOrdersResponse,
  placeOrderRequest,
  placedOrderResponse,
  positionListRequest,
  previewOrderRequest,
} from '../../contracts/http/trading.dto.ts';
import {
  ifdOrderRequest,
  ocoOrderRequest,
  orderGroupResponse,
} from '../../contracts/http/order-groups.dto.ts';
import { defineWiring } from '../define-wiring.ts';
import * as createTrading from '../../db/migrations/2026_11_21_110000_create_trading.ts';
import * as dropOrderPositionLink from '../../db/migrations/2026_11_22_090000_drop_order_position_link.ts';
import * as closedPositionsIndex from './db/migrations/2026_11_27_180100_closed_positions_index.ts';
import * as conditionalOrders from './db/migrations/2026_11_28_090000_conditional_orders.ts';

/** The trading module's calls, back-office calls and migrations (kernel). */
export const tradingWiring = defineWiring({
  name: 'trading',
  calls: {
    'trade/order': { input: placeOrderRequest, output: placedOrderResponse },
    'trade/close': { input: closePositionRequest, output: closedPositionResponse },
    'trade/cancel': { input: cancelOrderRequest, output: cancelledOrderResponse },
    'trade/userstocklist': { input: positionListRequest, output: openPositionsResponse },
    'trade/userstocklists': { input: positionListRequest, output: closedPositionsResponse },
    'trade/preview': { input: previewOrderRequest, output: orderPreviewResponse },
    'trade/pendinglist': { input: positionListRequest, output: pendingOrdersResponse },
    'trade/holding': { input: holdingRequest, output: holdingResponse },
    'trade/order_oco': { input: ocoOrderRequest, output: orderGroupResponse },
    'trade/order_ifd': { input: ifdOrderRequest, output: orderGroupResponse },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_21_110000_create_trading': createTrading,
    '2026_11_22_090000_drop_order_position_link': dropOrderPositionLink,
    '2026_11_27_180100_closed_positions_index': closedPositionsIndex,
    '2026_11_28_090000_conditional_orders': conditionalOrders,
  },
});
