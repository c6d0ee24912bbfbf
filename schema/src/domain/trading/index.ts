export * from './fees.ts';
export * from './limit-fill.ts';
export * from './order-rules.ts';
export * from './position-close.ts';
export * from './postings.ts';
export * from './valuation.ts';
export * from './stop-out-price.ts';
export * from './triggers.ts';
