// The intraday module's public door: what other modules may use (eslint.boundaries.mjs).
export { placeIntradayOrder, previewIntradayOrder } from './intraday-order.service.ts';
