// The auth module's public door: what other modules may use (eslint.boundaries.mjs).
export { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
export { endOtherSessions } from './session-end.ts';
export { findActiveSession, hashToken, newToken } from './sessions.repository.ts';
export {
  findUserByAccount,
  findUserById,
  setFundPasswordHash,
  setPasswordHash,
} from './users.repository.ts';
export type { UserRecord } from './users.repository.ts';
