export * from './journal-kinds.ts';
export * from './subscription.ts';
