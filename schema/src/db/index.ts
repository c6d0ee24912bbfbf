export * from './tables.ts';
export * from './create-db.ts';
export * from './dialect.ts';
export * from './migrator.ts';
export * from './write-transaction.ts';
export * from './reconcile.ts';
export * from './repositories/ledger.store.ts';
export * from './repositories/idempotency.store.ts';
