import type { Int } from '../../../db/column-types.ts';

/**
 * The attempts spent on one secret-guarding limit (a login per account and address, an address's
 * failures and blocks, a fund password, a TOTP or verification code): kept in the database, not in
 * Redis, so a Redis that restarts without its data forgets none of them (decision 93).
 */
export interface SecretAttemptTable {
  /** `<limit name>:<key>`, e.g. `login-account-ip:09012345678|203.0.113.5`. */
  key: string;
  /** Attempts spent in the window (over the limit while blocked). */
  points: Int;
  /** When the window, or the block, ends (epoch ms): from then on the row counts as absent. */
  expires_at: Int;
}

export interface AuthTables {
  secret_attempt: SecretAttemptTable;
}
