export * from './test-db.ts';
export * from './builders.ts';
export * from './scratch-redis.ts';
export * from './ipo-builders.ts';
export * from './drand-quicknet-rounds.ts';
export * from './loan-builders.ts';
export * from './intraday-builders.ts';
export * from './ledger-pause.ts';
