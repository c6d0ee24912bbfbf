// The verifiable lottery (DESIGN.md section 8, rule kabuto-lottery-v1): platform code that every
// allocation by draw uses (new shares, lottery block offers), the worker, the gateway's proof
// and the browser's check alike.
export * from './lottery-hashes.ts';
export * from './random-stream.ts';
export * from './lottery.ts';
export * from './lottery-proof.ts';
export * from './drand-quicknet.ts';
export * from './lottery-secrets.ts';
