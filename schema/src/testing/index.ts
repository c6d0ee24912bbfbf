export * from './test-db.ts';
export * from './builders.ts';
