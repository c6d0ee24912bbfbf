import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  PASSWORD,
  registerAndLogin,
  resetIpLimits,
  startTestGateway,
  uniqueMobile,
  type TestGateway,
} from './support/test-gateway.ts';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(async () => t.close());

async function userCount(): Promise<bigint> {
  const row = await t.testDb.db
    .selectFrom('app_user')
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function sessionCount(): Promise<bigint> {
  const row = await t.testDb.db
    .selectFrom('session')
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('common/config', () => {
  it('when asked for all entries, returns title, kefu and the mode', async () => {
    const { http, body } = await t.call('common/config', { type: 'all' });
    expect(http).toBe(200);
    const names = Object.fromEntries(
      (body.data as Array<{ name: string; value: string }>).map((e) => [e.name, e.value]),
    );
    expect(names).toMatchObject({
      title: 'Kabuto',
      kefu: 'mailto:support@kabuto.example',
      mode: 'paper',
    });
  });

  it('when the operator keeps internal entries, they never reach the client', async () => {
    await t.testDb.db
      .insertInto('config_entry')
      .values([
        { name: 'seeded_at', value: 'x' },
        { name: 'withdraw_min', value: '10000' },
      ])
      .execute();
    const { body } = await t.call('common/config', { type: 'all' });
    const names = (body.data as Array<{ name: string }>).map((e) => e.name).sort();
    expect(names).toEqual(['clock', 'kefu', 'license', 'mode', 'title']);
    // The contract names the licence entry: listed, empty, where paper mode has none.
    expect(
      (body.data as Array<{ name: string; value: string }>).find((e) => e.name === 'license'),
    ).toEqual({ name: 'license', value: '' });
    await t.testDb.db
      .insertInto('config_entry')
      .values({ name: 'license', value: 'Kanto LFB (FIBO) No. 0000' })
      .execute();
    const withLicense = (await t.call('common/config', { type: 'all' })).body.data as Array<{
      name: string;
      value: string;
    }>;
    expect(withLicense.find((e) => e.name === 'license')?.value).toBe('Kanto LFB (FIBO) No. 0000');
  });
});

describe('register', () => {
  async function attempt(overrides: Record<string, string>) {
    await resetIpLimits(t);
    const account = overrides['account'] ?? uniqueMobile();
    await t.call('common/sendcode', { account, purpose: 'register' });
    const code = (() => {
      try {
        return t.lastCode(account);
      } catch {
        return '000000';
      }
    })();
    const before = await userCount();
    const result = await t.call('user/register', {
      account,
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code,
      agree: '1',
      ...overrides,
    });
    expect(await userCount()).toBe(before + (result.body.status === 1 ? 1n : 0n));
    return result;
  }

  it('when everything is right, registers and the new account can log in', async () => {
    const account = uniqueMobile();
    expect((await attempt({ account })).body).toMatchObject({ status: 1, msg: 'register_ok' });
    expect((await t.call('user/login', { account, password: PASSWORD })).body.msg).toBe('login_ok');
  });

  it.each([
    [{ agree: '0' }, 'agreement_required'],
    [{ repassword: 'something-else-1' }, 'passwords_mismatch'],
    [{ invite: 'NOPE42' }, 'inviter_not_found'],
    [{ code: '999999' }, 'code_invalid'],
  ])('when %o, refuses with %s and creates no user', async (overrides, msg) => {
    const { http, body } = await attempt(overrides);
    expect(http).toBe(200);
    expect(body).toMatchObject({ status: 0, msg });
  });

  it('when the account is neither e-mail nor a 10-11 digit mobile, refuses with invalid_account', async () => {
    const before = await userCount();
    const { body } = await t.call('user/register', {
      account: '12345',
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code: '123456',
      agree: '1',
    });
    expect(body).toMatchObject({ status: 0, msg: 'invalid_account' });
    expect(await userCount()).toBe(before);
  });

  it('when the account already exists, refuses at sendcode with account_exists, and register without a valid code with code_invalid', async () => {
    const session = await registerAndLogin(t);
    expect(
      (await t.call('common/sendcode', { account: session.account, purpose: 'register' })).body.msg,
    ).toBe('account_exists');
    const before = await userCount();
    const { body } = await t.call('user/register', {
      account: session.account,
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code: '123456',
      agree: '1',
    });
    expect(body.msg).toBe('code_invalid');
    expect(await userCount()).toBe(before);
  });

  it('when the account was made after its code was sent, register with that code refuses with account_exists', async () => {
    const account = uniqueMobile();
    expect((await t.call('common/sendcode', { account, purpose: 'register' })).body.msg).toBe(
      'code_sent',
    );
    const code = t.lastCode(account);
    await t.testDb.db
      .insertInto('app_user')
      .values({
        account,
        password_hash: 'unused',
        fund_password_hash: null,
        status: 'active',
        trading_barred: 0,
        inviter_code: 'KABUTO',
        invite_code: `LATE${Date.now() % 1e8}`,
        created_at: Date.now(),
      })
      .execute();
    const before = await userCount();
    const { body } = await t.call('user/register', {
      account,
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code,
      agree: '1',
    });
    expect(body.msg).toBe('account_exists');
    expect(await userCount()).toBe(before);
  });

  it('when a code has been used, it cannot register a second account', async () => {
    const account = uniqueMobile();
    await t.call('common/sendcode', { account, purpose: 'register' });
    const code = t.lastCode(account);
    await t.call('user/register', {
      account,
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code,
      agree: '1',
    });
    const again = await t.call('user/register', {
      account: `${account.slice(0, 10)}`,
      password: PASSWORD,
      repassword: PASSWORD,
      invite: 'KABUTO',
      code,
      agree: '1',
    });
    expect(again.body.status).toBe(0);
  });

  it('when a field is missing or malformed, answers 400 invalid_param naming the field', async () => {
    const before = await userCount();
    const { http, body } = await t.call('user/register', {
      account: uniqueMobile(),
      password: 'short',
      repassword: 'short',
      invite: 'KABUTO',
      code: 'abc',
      agree: '1',
    });
    expect(http).toBe(400);
    expect(body.msg).toBe('invalid_param');
    expect(Object.keys(body.data.fields)).toEqual(expect.arrayContaining(['password', 'code']));
    expect(await userCount()).toBe(before);
  });

  it('when one address asks for codes for 21 accounts within an hour, the 21st is refused', async () => {
    await resetIpLimits(t);
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await t.call('common/sendcode', { account: uniqueMobile(), purpose: 'register' })).body
          .status,
      ).toBe(1);
    }
    const refused = await t.call('common/sendcode', {
      account: uniqueMobile(),
      purpose: 'register',
    });
    expect(refused).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    await resetIpLimits(t);
  });

  it('when a code is asked for twice within a minute, refuses with too_frequent (429)', async () => {
    const account = uniqueMobile();
    expect((await t.call('common/sendcode', { account, purpose: 'register' })).body.status).toBe(1);
    const again = await t.call('common/sendcode', { account, purpose: 'register' });
    expect(again.http).toBe(429);
    expect(again.body.msg).toBe('too_frequent');
  });
});

describe('login', () => {
  it('when the password is wrong, refuses with wrong_credentials and opens no session', async () => {
    const session = await registerAndLogin(t);
    const before = await sessionCount();
    const { body } = await t.call('user/login', {
      account: session.account,
      password: 'wrong-password-1',
    });
    expect(body).toMatchObject({ status: 0, msg: 'wrong_credentials' });
    expect(
      (await t.call('user/login', { account: uniqueMobile(), password: PASSWORD })).body.msg,
    ).toBe('wrong_credentials');
    expect(await sessionCount()).toBe(before);
  });

  it('when ten wrong passwords came from one place, the eleventh try is refused even with the right one', async () => {
    const session = await registerAndLogin(t);
    for (let i = 0; i < 10; i += 1) {
      await t.call('user/login', { account: session.account, password: `wrong-${i}-pass` });
    }
    const blocked = await t.call('user/login', { account: session.account, password: PASSWORD });
    expect(blocked.http).toBe(429);
    expect(blocked.body.msg).toBe('too_frequent');
  });

  it('when the account is frozen or banned, refuses login and every call with account_frozen (403)', async () => {
    const session = await registerAndLogin(t);
    await t.testDb.db
      .updateTable('app_user')
      .set({ status: 'frozen' })
      .where('account', '=', session.account)
      .execute();
    const before = await sessionCount();
    const login = await t.call('user/login', { account: session.account, password: PASSWORD });
    expect(login.http).toBe(403);
    expect(login.body.msg).toBe('account_frozen');
    expect(await sessionCount()).toBe(before);
    const info = await t.call('user/getUserinfo', { type: 'jpy' }, session);
    expect(info.http).toBe(403);
    expect(info.body.msg).toBe('account_frozen');
  });
});

describe('sessions', () => {
  it('when there is no token, or a token for another account, answers 401 login_required', async () => {
    const session = await registerAndLogin(t);
    expect((await t.call('user/getUserinfo', { type: 'jpy' })).http).toBe(401);
    const other = await registerAndLogin(t);
    const crossed = await t.call(
      'user/getUserinfo',
      { type: 'jpy' },
      { token: session.token, account: other.account },
    );
    expect(crossed).toMatchObject({ http: 401, body: { msg: 'login_required' } });
  });

  it('when a user logs out, the token stops working', async () => {
    const session = await registerAndLogin(t);
    expect((await t.call('user/logout', {}, session)).body.msg).toBe('logout_ok');
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, session)).http).toBe(401);
  });

  it('lists sessions and revokes one; another user cannot revoke it (404)', async () => {
    const first = await registerAndLogin(t);
    const second = {
      token: (await t.call('user/login', { account: first.account, password: PASSWORD })).body.data
        .token as string,
      account: first.account,
    };
    const list = (await t.call('user/sessions', {}, first)).body.data as Array<{
      id: number;
      current: boolean;
    }>;
    expect(list).toHaveLength(2);
    const secondId = list.find((s) => !s.current)?.id ?? 0;
    const stranger = await registerAndLogin(t);
    expect((await t.call('user/revokeSession', { id: String(secondId) }, stranger)).http).toBe(404);
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, second)).http).toBe(200);
    expect((await t.call('user/revokeSession', { id: String(secondId) }, first)).body.msg).toBe(
      'revoke_ok',
    );
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, second)).http).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const session = await registerAndLogin(t);
    const rows = await t.testDb.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === session.token)).toBe(false);
  });
});

describe('passwords', () => {
  it('when the old login password is wrong or the new ones differ, refuses and keeps the old password', async () => {
    const session = await registerAndLogin(t);
    const wrong = await t.call(
      'user/changePassword',
      { oldpassword: 'not-it-123', password: 'new-password-1', repassword: 'new-password-1' },
      session,
    );
    expect(wrong.body.msg).toBe('wrong_original_password');
    const mismatch = await t.call(
      'user/changePassword',
      { oldpassword: PASSWORD, password: 'new-password-1', repassword: 'new-password-2' },
      session,
    );
    expect(mismatch.body.msg).toBe('passwords_mismatch');
    expect(
      (await t.call('user/login', { account: session.account, password: PASSWORD })).body.msg,
    ).toBe('login_ok');
  });

  it('when the login password changes, other sessions end and the new password works', async () => {
    const session = await registerAndLogin(t);
    const other = {
      token: (await t.call('user/login', { account: session.account, password: PASSWORD })).body
        .data.token as string,
      account: session.account,
    };
    const changed = await t.call(
      'user/changePassword',
      { oldpassword: PASSWORD, password: 'new-password-1', repassword: 'new-password-1' },
      session,
    );
    expect(changed.body.msg).toBe('modify_ok');
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, other)).http).toBe(401);
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, session)).http).toBe(200);
    expect(
      (await t.call('user/login', { account: session.account, password: 'new-password-1' })).body
        .msg,
    ).toBe('login_ok');
  });

  it('sets a fund password, refuses a wrong one, and locks after five wrong tries', async () => {
    const session = await registerAndLogin(t);
    const notSet = await t.call(
      'user/changeFundPassword',
      { oldfundpassword: '123456', fundpassword: '654321', refundpassword: '654321' },
      session,
    );
    expect(notSet.body.msg).toBe('fund_password_not_set');
    expect(
      (
        await t.call(
          'user/setFundPassword',
          { password: 'wrong-pass-1', fundpassword: '123456', refundpassword: '123456' },
          session,
        )
      ).body.msg,
    ).toBe('wrong_original_password');
    expect(
      (
        await t.call(
          'user/setFundPassword',
          { password: PASSWORD, fundpassword: '123456', refundpassword: '123457' },
          session,
        )
      ).body.msg,
    ).toBe('passwords_mismatch');
    expect(
      (
        await t.call(
          'user/setFundPassword',
          { password: PASSWORD, fundpassword: '123456', refundpassword: '123456' },
          session,
        )
      ).body.msg,
    ).toBe('modify_ok');
    expect(
      (await t.call('user/getUserinfo', { type: 'jpy' }, session)).body.data.fund_password_set,
    ).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.call(
        'user/changeFundPassword',
        { oldfundpassword: '000000', fundpassword: '654321', refundpassword: '654321' },
        session,
      );
      expect(wrong.body.msg).toBe('wrong_fund_password');
    }
    const locked = await t.call(
      'user/changeFundPassword',
      { oldfundpassword: '123456', fundpassword: '654321', refundpassword: '654321' },
      session,
    );
    expect(locked.body.msg).toBe('too_frequent');
  });
});
