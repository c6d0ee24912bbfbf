/** A login id is an e-mail address or a 10-11 digit mobile number (spec section 5). */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/;
const MOBILE = /^\d{10,11}$/;

export function isValidLoginId(account: string): boolean {
  return account.length <= 254 && (EMAIL.test(account) || MOBILE.test(account));
}

/** Lower-cases e-mail so one person cannot register twice by case. */
export function normaliseLoginId(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Fund passwords are six digits, as Japanese brokers' trading PINs are. */
export const FUND_PASSWORD = /^\d{6}$/;

export type AccountStatus = 'active' | 'banned' | 'frozen';
