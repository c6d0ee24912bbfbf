/**
 * Trading's door, pure face: the order, fee, posting and valuation rules with no database code,
 * for a product's `domain/` (pure) and anything the client bundles. `public.ts` re-exports it.
 */
export { closeToCash, openFromCash } from '../../domain/trading/postings.ts';
export { computeFees } from '../../domain/trading/fees.ts';
export { realisedPnl } from '../../domain/trading/order-rules.ts';
export { displayValuation } from '../../domain/trading/valuation.ts';
export { stopOutPrice } from '../../domain/trading/stop-out-price.ts';
export type { PositionClose } from '../../domain/trading/position-close.ts';
