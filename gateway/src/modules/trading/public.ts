// The trading module's public door: what other modules may use (eslint.boundaries.mjs).
export { insertOrder } from './orders.repository.ts';
export { orderUpdateOf, placedAnswer, quoteOrder } from './place-order.service.ts';
export type { OrderQuote, PlaceOrderInput, PlacedOrder } from './place-order.service.ts';
export { hasOpenPositionOrOrder, ownPosition } from './positions.repository.ts';
export type { OwnPosition, PositionRecord } from './positions.repository.ts';
export { cancelRestingOrders } from './close-position.service.ts';
