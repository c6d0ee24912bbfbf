export * from './journal-kinds.ts';
export * from './loan-terms.ts';
export * from './interest.ts';
export * from './limit.ts';
export * from './loan-postings.ts';
export * from './loan-dates.ts';
