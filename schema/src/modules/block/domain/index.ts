export * from './journal-kinds.ts';
export * from './offer.ts';
export * from './postings.ts';
