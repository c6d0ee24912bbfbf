export * from './journal-kinds.ts';
export * from './subscription.ts';
export * from './lottery-hashes.ts';
export * from './random-stream.ts';
export * from './lottery.ts';
export * from './lottery-proof.ts';
export * from './drand-quicknet.ts';
export * from './payment-postings.ts';
