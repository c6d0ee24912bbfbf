export * from './fees.ts';
export * from './limit-fill.ts';
export * from './order-rules.ts';
export * from './postings.ts';
