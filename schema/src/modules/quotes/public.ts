/**
 * The quotes door: what products use of market data. Last prices and FX rates are read from the
 * feed's latest-quote hash (`quote:latest`), bars from the `candle` table.
 */
export type { QuoteSnapshot } from '../../contracts/quotes.ts';
export { lastPriceFromLatest } from '../../contracts/quote-prices.ts';
export { rateLookupFromLatest } from '../../contracts/fx.ts';
export { loadCandles } from '../../db/repositories/market-data.store.ts';
