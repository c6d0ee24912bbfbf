export * from './fees.ts';
export * from './order-rules.ts';
export * from './postings.ts';
