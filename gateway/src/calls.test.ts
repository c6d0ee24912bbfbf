import { describe, expect, it } from 'vitest';
import { ADMIN_CALL_CONTRACTS, CALL_CONTRACTS } from '@kabuto/schema/contracts';
import { ADMIN_CALLS, CALLS } from './calls.ts';

describe('the central call lists (each gateway module’s calls, from gateway/src/modules/index.ts)', () => {
  it('the back office has its login and each module’s review calls, each admin-only but the login', () => {
    expect(ADMIN_CALLS.map((c) => c.path).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(ADMIN_CALLS.filter((c) => c.auth !== 'admin').map((c) => c.path)).toEqual(['login']);
  });

  it('no path is listed twice, every declared call has a handler and no handler lacks a declaration, no admin call among the user API', () => {
    const paths = CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(CALL_CONTRACTS).sort());
    expect(ADMIN_CALLS.map((c) => c.path).sort()).toEqual(Object.keys(ADMIN_CALL_CONTRACTS).sort());
    expect(CALLS.some((c) => c.auth === 'admin')).toBe(false);
  });
});
