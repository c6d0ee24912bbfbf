import { describe, expect, it } from 'vitest';
import { ADMIN_CALLS, CALLS } from './calls.ts';

describe('the central call lists (spreads of each module list)', () => {
  it('the back office has its login and each module’s review calls, each admin-only but the login', () => {
    expect(ADMIN_CALLS.map((c) => c.path)).toEqual([
      'login',
      'kyc/list',
      'kyc/decide',
      'deposit/list',
      'deposit/decide',
      'withdrawal/list',
      'withdrawal/decide',
      'upload',
      'ipo/create',
      'ipo/update',
      'ipo/subscriptions',
      'loan/credit',
      'loan/list',
      'loan/decide',
      'intraday/applications',
    ]);
    expect(ADMIN_CALLS.filter((c) => c.auth !== 'admin').map((c) => c.path)).toEqual(['login']);
  });

  it('no path is listed twice, and the user API keeps all 72 calls with no admin call among them', () => {
    const paths = CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(72);
    expect(CALLS.some((c) => c.auth === 'admin')).toBe(false);
  });
});
