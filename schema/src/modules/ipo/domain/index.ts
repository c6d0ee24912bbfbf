export * from './journal-kinds.ts';
export * from './subscription.ts';
export * from './payment-postings.ts';
export * from './listing-instrument.ts';
