// The funds module's public door: what other modules may use (eslint.boundaries.mjs).
export { requireVerified } from './fund-checks.ts';
export { userWithTransferReference } from './deposits.repository.ts';
export { statementRows } from './statement.service.ts';
