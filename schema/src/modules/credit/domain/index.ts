export * from './journal-kinds.ts';
export * from './credit-amount.ts';
export * from './credit-postings.ts';
