export * from './nav.ts';
export * from './strategies.ts';
export * from './book.ts';
export * from './rules.ts';
export * from './nav-history.ts';
export * from './journal-kinds.ts';
export * from './postings.ts';
export * from './schedule.ts';
