export * from './fees.ts';
export * from './order-rules.ts';
