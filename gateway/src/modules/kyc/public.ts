// The kyc module's public door: what other modules may use (eslint.boundaries.mjs).
export { kycOf, usersNamed } from './kyc.repository.ts';
export {
  clearUserTotp,
  loadUserSecurity,
  setAntiPhishingPhrase,
} from './user-security.repository.ts';
