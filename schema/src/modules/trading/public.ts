/**
 * Trading's public door: the only way products (ipo, intraday, credit, loans, and next block
 * trades, products, lending) open, close or re-margin a position, and the position reads they
 * need. Trading is the only writer of `position` and `trade_order`; a product that must act when
 * one of its positions closes registers a close hook (`onPositionClose`) instead of trading
 * importing it. A product's `domain/` takes the pure face, `public.pure.ts` (re-exported here).
 */
export {
  adjustMargin,
  closePosition,
  openPosition,
  type ClosePosition,
  type MarginAdjusted,
  type MarginAdjustment,
  type OpenPosition,
} from './commands.ts';
export {
  addedMarginOf,
  onPositionClose,
  positionCloseHookNames,
  type PositionCloseHook,
} from './close-hooks.ts';
export {
  closedCountOfApplication,
  closedPositionIds,
  holdingPosition,
  holdingPositionsBySymbol,
  openMarginsOf,
  openPositionValues,
  openSymbolsOfApplication,
  positionsOfApplication,
  symbolsOfPositions,
  type LastPrice,
  type WatchedPosition,
} from './queries.ts';
export {
  cancelOrderGroupIn,
  endOrderIn,
  liveStateOf,
  loadExpiredOrders,
  loadLiveOrders,
  orderRow,
  type LiveOrder,
  type OrderChange,
  type OrderEndReason,
  type TradeOrder,
} from './live-orders.ts';
export { applyPrintIn, type PrintApplied } from './order-fills.ts';
export type { PositionRow } from '../../db/tables.ts';
export { closedPositionToWire } from '../../contracts/http/trading.wire.ts';
export * from './public.pure.ts';
