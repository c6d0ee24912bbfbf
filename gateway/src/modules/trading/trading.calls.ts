import {
  cancelOrderRequest,
  closePositionRequest,
  holdingRequest,
  placeOrderRequest,
  positionListRequest,
  previewOrderRequest,
  cancelledOrderResponse,
  closedPositionResponse,
  closedPositionsResponse,
  holdingResponse,
  openPositionsResponse,
  orderPreviewResponse,
  pendingOrdersResponse,
  placedOrderResponse,
  isIntraday,
  ifdOrderRequest,
  ocoOrderRequest,
  orderGroupResponse,
} from '@kabuto/schema/contracts';
import { cashBalance } from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { formatPrice } from '@kabuto/schema/market';
import { marginPlusFees } from '@kabuto/schema/trading';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { cancelOrder, closePosition } from './close-position.service.ts';
import { restingOrderRowsOf } from './orders.repository.ts';
import { pendingOrderOf } from './pending-orders.ts';
import { placeOrder, quoteOrder } from './place-order.service.ts';
import { placeIfdOrder, placeOcoOrder } from './order-groups.service.ts';
import { placeIntradayOrder, previewIntradayOrder } from '../intraday/public.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { leverageText } from '@kabuto/schema/intraday';
import { closedPositionsList, holdingOf, openPositionsList } from './positions.service.ts';

export const placeOrderCall = defineUserCall({
  path: 'trade/order',
  summary:
    'Places a market or limit order, long or short with leverage; purchase_ok when it filled, order_placed when a limit rests; idempotent by request_id',
  input: placeOrderRequest,
  output: placedOrderResponse,
  async handle({ input, caller, deps }) {
    // Its `order:updated` and asset recomputation go with the order's transaction (the outbox).
    const { result } = isIntraday(input)
      ? await placeIntradayOrder(deps, caller, input)
      : await placeOrder(deps, caller, input);
    return { msg: result.status === 'filled' ? 'purchase_ok' : 'order_placed', data: result };
  },
});

export const placeOcoOrderCall = defineUserCall({
  path: 'trade/order_oco',
  summary:
    'Places two orders of one stock (opening, or closing one position), one cancelled when the other fills; idempotent by request_id',
  input: ocoOrderRequest,
  output: orderGroupResponse,
  async handle({ input, caller, deps }) {
    const { result } = await placeOcoOrder(deps, caller, input);
    return { msg: 'order_placed', data: result };
  },
});

export const placeIfdOrderCall = defineUserCall({
  path: 'trade/order_ifd',
  summary:
    'Places an opening order and, once it fills, a closing order of its position (IFD) or an OCO pair of them (IFDOCO); idempotent by request_id',
  input: ifdOrderRequest,
  output: orderGroupResponse,
  async handle({ input, caller, deps }) {
    const { result } = await placeIfdOrder(deps, caller, input);
    return { msg: result.status === 'filled' ? 'purchase_ok' : 'order_placed', data: result };
  },
});

export const closePositionCall = defineUserCall({
  path: 'trade/close',
  summary: 'Closes a whole position at the feed price; idempotent by request_id',
  input: closePositionRequest,
  output: closedPositionResponse,
  async handle({ input, caller, deps }) {
    // Its `order:updated` and asset recomputation go with the close's transaction (the outbox).
    const { result } = await closePosition(deps, caller.userId, input);
    return { msg: 'close_ok', data: result };
  },
});

export const cancelOrderCall = defineUserCall({
  path: 'trade/cancel',
  summary: 'Cancels a pending limit order and releases its hold',
  input: cancelOrderRequest,
  output: cancelledOrderResponse,
  async handle({ input, caller, deps }) {
    // Its `order:updated` and asset recomputation go with the cancel's transaction (the outbox).
    const result = await cancelOrder(deps, caller.userId, input.order_id);
    return { msg: 'cancel_ok', data: result };
  },
});

export const openPositionsCall = defineUserCall({
  path: 'trade/userstocklist',
  summary: 'Open positions (spec shape) with ccsz and fdyk in the display currency',
  input: positionListRequest,
  output: openPositionsResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await openPositionsList(deps, caller.userId, input.type) };
  },
});

export const closedPositionsCall = defineUserCall({
  path: 'trade/userstocklists',
  summary: 'Closed positions (spec shape) with lsyk in the display currency',
  input: positionListRequest,
  output: closedPositionsResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await closedPositionsList(deps, caller.userId, input.type) };
  },
});

type PreviewInput = Parameters<typeof quoteOrder>[2] & { intraday?: string | number | undefined };

/** The preview's figures: cash and leverage as asked, or (intraday=1) the application's hold and day-trade leverage. */
async function previewOf(
  deps: GatewayDeps,
  caller: Parameters<typeof quoteOrder>[1] & { userId: number },
  input: PreviewInput,
) {
  const intraday = isIntraday(input) ? await previewIntradayOrder(deps, caller, input) : null;
  const quote = intraday?.quote ?? (await quoteOrder(deps, caller, input));
  const currency = quote.instrument.currency;
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  const margin = intraday?.margin ?? quote.margin;
  const available = intraday?.held ?? (await cashBalance(deps.db, caller.userId, currency));
  const total = marginPlusFees(margin, quote.fees);
  // The fee of this order's side (commission and transfer or regulatory fees) apart from stamp duty.
  const sideFee = quote.fees.total - quote.fees.stampDuty;
  return {
    currency,
    price: formatPrice(quote.price, quote.instrument.market),
    fills_now: quote.fillNow,
    margin: wire(margin),
    fee: wire(quote.fees.total),
    stamp_duty: wire(quote.fees.stampDuty),
    total: wire(total),
    available: wire(available),
    buy_fee: wire(input.side === 'long' ? sideFee : 0n),
    sell_fee: wire(input.side === 'short' ? sideFee : 0n),
    stamp_duty_applies: quote.fees.stampDuty > 0n,
    affordable: intraday ? intraday.affordable : available >= total,
    ...(intraday
      ? {
          intraday_buying_power_left: wire(intraday.left),
          intraday_leverage: leverageText(quote.instrument.market),
        }
      : {}),
  };
}

export const previewOrderCall = defineUserCall({
  path: 'trade/preview',
  summary:
    'Checks and prices an order at the feed (margin, fees, total, cash available) without placing it',
  input: previewOrderRequest,
  output: orderPreviewResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await previewOf(deps, caller, input) };
  },
});

export const pendingOrdersCall = defineUserCall({
  path: 'trade/pendinglist',
  summary: 'The caller’s resting limit orders, newest first',
  input: positionListRequest,
  output: pendingOrdersResponse,
  async handle({ caller, deps }) {
    const rows = await restingOrderRowsOf(deps.db, caller.userId);
    const nowMs = deps.clock.nowMs();
    return { msg: 'ok', data: rows.map((row) => pendingOrderOf(row, nowMs)) };
  },
});

export const holdingCall = defineUserCall({
  path: 'trade/holding',
  summary:
    'The caller’s open quantity, average acquisition price and evaluated P&L in one symbol, per side',
  input: holdingRequest,
  output: holdingResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await holdingOf(deps, caller.userId, input.symbol) };
  },
});

/** The trading module's calls, in the order the central list shows them. */
export const TRADING_CALLS: readonly CallDefinition[] = [
  placeOrderCall,
  closePositionCall,
  cancelOrderCall,
  placeOcoOrderCall,
  placeIfdOrderCall,
  openPositionsCall,
  closedPositionsCall,
  previewOrderCall,
  holdingCall,
  pendingOrdersCall,
];
