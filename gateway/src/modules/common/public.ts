// The common module's public door: what other modules may use (eslint.boundaries.mjs).
export { announceInTransaction } from './announce.ts';
export { configValue, listConfig, setConfigValue } from './config.repository.ts';
export { markCodeConsumed, verifyCode } from './verification-codes.ts';
