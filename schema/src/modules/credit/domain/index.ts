export * from './journal-kinds.ts';
export * from './credit-postings.ts';
