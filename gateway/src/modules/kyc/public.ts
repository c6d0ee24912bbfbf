// The kyc module's public door: what other modules may use (eslint.boundaries.mjs).
export { kycOf } from './kyc.repository.ts';
export { loadUserSecurity, setAntiPhishingPhrase } from './user-security.repository.ts';
