// The security module's public door: what other modules may use (eslint.boundaries.mjs).
export { checkChannelPassword, checkFundPassword, recheckLoginPassword } from './secret-checks.ts';
export { verifyTotp } from './totp.service.ts';
