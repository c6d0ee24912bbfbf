import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  PASSWORD,
  registerAndLogin,
  resetIpLimits,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Issue 23 item 5: a user who forgot a password is no longer stuck. The login password is reset
// with a code sent to the account (every session and socket ends, the inbox says so); the fund
// password with the login password and a code. Both are limited like every secret check.
let t: TestGateway;
const NEW_PASSWORD = 'fresh-pass-42';

beforeAll(async () => {
  t = await startTestGateway();
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function resetCode(account: string, purpose = 'reset'): Promise<string> {
  await resetIpLimits(t);
  const sent = await t.call('common/sendcode', { account, purpose });
  expect(sent.body.status).toBe(1);
  return t.lastCode(account);
}

const resetPassword = (account: string, code: string, password = NEW_PASSWORD) =>
  t.call('user/resetPassword', { account, code, password, repassword: password });

const login = (account: string, password: string) => t.call('user/login', { account, password });

async function messageKinds(s: Session): Promise<string[]> {
  const inbox = (await t.call('user/messages', {}, s)).body.data as Array<{ kind: string }>;
  return inbox.map((m) => m.kind);
}

async function connectedSocket(s: Session): Promise<Socket> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: s.token, account: s.account },
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('user/resetPassword', () => {
  it('with the code: the new password works, the old does not, every session and socket ends, the inbox says so with the phrase', async () => {
    const s = await registerAndLogin(t);
    await t.call('security/antiphishing', { phrase: 'blue heron' }, s);
    const socket = await connectedSocket(s);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const code = await resetCode(s.account);

    expect((await resetPassword(s.account, code)).body).toMatchObject({
      status: 1,
      msg: 'modify_ok',
    });
    await disconnected;
    expect((await t.call('user/assets', { type: 'jpy' }, s)).http).toBe(401);
    expect((await login(s.account, PASSWORD)).body.msg).toBe('wrong_credentials');
    const fresh = await login(s.account, NEW_PASSWORD);
    expect(fresh.body.msg).toBe('login_ok');
    const session = { token: String(fresh.body.data.token), account: s.account };
    const inbox = (await t.call('user/messages', {}, session)).body.data as Array<{
      kind: string;
      anti_phishing_phrase: string | null;
    }>;
    expect(inbox[0]).toMatchObject({ kind: 'password_reset', anti_phishing_phrase: 'blue heron' });
    // The code is spent: a second reset with it is refused and changes nothing.
    expect((await resetPassword(s.account, code, 'another-pass-9')).body.msg).toBe('code_invalid');
    expect((await login(s.account, NEW_PASSWORD)).body.msg).toBe('login_ok');
    socket.close();
  });

  it('refuses a wrong code, mismatched passwords, a weak one and an unknown account alike; nothing changes', async () => {
    const s = await registerAndLogin(t);
    const code = await resetCode(s.account);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await resetPassword(s.account, wrong)).body.msg).toBe('code_invalid');
    expect(
      (
        await t.call('user/resetPassword', {
          account: s.account,
          code,
          password: NEW_PASSWORD,
          repassword: 'something-else-1',
        })
      ).body.msg,
    ).toBe('passwords_mismatch');
    const weak = await resetPassword(s.account, code, 'short');
    expect([weak.http, weak.body.msg]).toEqual([400, 'invalid_param']);
    expect((await resetPassword('09099990000', code)).body.msg).toBe('code_invalid');
    // Nothing changed: the old password and session still work, no message was written.
    expect((await t.call('user/assets', { type: 'jpy' }, s)).http).toBe(200);
    expect((await login(s.account, PASSWORD)).body.msg).toBe('login_ok');
    expect(await messageKinds(s)).not.toContain('password_reset');
  });

  it('20 parallel guesses at one code: at most five are compared, none resets, and the real code is then spent too', async () => {
    const s = await registerAndLogin(t);
    const code = await resetCode(s.account);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => resetPassword(s.account, g)));
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.every((m) => m === 'code_invalid' || m === 'too_frequent')).toBe(true);
    // Five wrong tries spend the code: the right one no longer resets.
    expect((await resetPassword(s.account, code)).body.msg).not.toBe('modify_ok');
    expect((await login(s.account, PASSWORD)).body.msg).toBe('login_ok');
  });

  it('a login with the old password racing the reset never keeps a session', async () => {
    for (let round = 0; round < 6; round += 1) {
      const s = await registerAndLogin(t);
      const code = await resetCode(s.account);
      const [reset, ...logins] = await Promise.all([
        resetPassword(s.account, code),
        ...Array.from({ length: 3 }, () => login(s.account, PASSWORD)),
      ]);
      expect(reset!.body.msg).toBe('modify_ok');
      for (const answer of logins.filter((a) => a.body.msg === 'login_ok')) {
        const raced = { token: String(answer.body.data.token), account: s.account };
        expect((await t.call('user/assets', { type: 'jpy' }, raced)).http).toBe(401);
      }
    }
  });

  it('a login with the old password racing a password change never keeps a session', async () => {
    for (let round = 0; round < 6; round += 1) {
      const s = await registerAndLogin(t);
      const [changed, ...logins] = await Promise.all([
        t.call(
          'user/changePassword',
          { oldpassword: PASSWORD, password: NEW_PASSWORD, repassword: NEW_PASSWORD },
          s,
        ),
        ...Array.from({ length: 3 }, () => login(s.account, PASSWORD)),
      ]);
      expect(changed!.body.msg).toBe('modify_ok');
      for (const answer of logins.filter((a) => a.body.msg === 'login_ok')) {
        const raced = { token: String(answer.body.data.token), account: s.account };
        expect((await t.call('user/assets', { type: 'jpy' }, raced)).http).toBe(401);
      }
    }
  });

  it('a user locked out by wrong passwords resets and signs in at once with the new one', async () => {
    const s = await registerAndLogin(t);
    const tries = await Promise.all(
      Array.from({ length: 12 }, () => login(s.account, 'not-the-password-1')),
    );
    expect(tries.some((a) => a.body.msg === 'too_frequent')).toBe(true);
    expect((await resetPassword(s.account, await resetCode(s.account))).body.msg).toBe('modify_ok');
    expect((await login(s.account, NEW_PASSWORD)).body.msg).toBe('login_ok');
  });

  it('two resets racing with one code: exactly one succeeds', async () => {
    const s = await registerAndLogin(t);
    const code = await resetCode(s.account);
    const answers = await Promise.all([
      resetPassword(s.account, code, 'race-pass-one1'),
      resetPassword(s.account, code, 'race-pass-two2'),
    ]);
    const msgs = answers.map((a) => a.body.msg).sort();
    expect(msgs).toEqual(['code_invalid', 'modify_ok']);
    const won = answers[0]!.body.msg === 'modify_ok' ? 'race-pass-one1' : 'race-pass-two2';
    expect((await login(s.account, won)).body.msg).toBe('login_ok');
  });
});

describe('user/resetFundPassword', () => {
  async function withFundPassword(): Promise<Session> {
    const s = await registerAndLogin(t);
    const set = await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '135790', refundpassword: '135790' },
      s,
    );
    expect(set.body.msg).toBe('modify_ok');
    return s;
  }

  const resetFund = (s: Session, body: Record<string, string>) =>
    t.call(
      'user/resetFundPassword',
      { password: PASSWORD, fundpassword: '246802', refundpassword: '246802', ...body },
      s,
    );

  it('with the login password and a code: the new fund password works, the old does not; the inbox says so', async () => {
    const s = await withFundPassword();
    const code = await resetCode(s.account, 'fund_reset');
    expect((await resetFund(s, { code })).body.msg).toBe('modify_ok');
    const change = (old: string) =>
      t.call(
        'user/changeFundPassword',
        { oldfundpassword: old, fundpassword: '111222', refundpassword: '111222' },
        s,
      );
    expect((await change('135790')).body.msg).toBe('wrong_fund_password');
    expect((await change('246802')).body.msg).toBe('modify_ok');
    expect(await messageKinds(s)).toContain('fund_password_reset');
    // The session stays: a fund password reset signs nobody out.
    expect((await t.call('user/assets', { type: 'jpy' }, s)).http).toBe(200);
  });

  it('refuses a wrong login password, a wrong code, mismatched or malformed fund passwords, and an account with none; nothing changes', async () => {
    const s = await withFundPassword();
    const code = await resetCode(s.account, 'fund_reset');
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await resetFund(s, { code, password: 'not-my-password' })).body.msg).toBe(
      'wrong_original_password',
    );
    expect((await resetFund(s, { code: wrong })).body.msg).toBe('code_invalid');
    expect((await resetFund(s, { code, refundpassword: '999999' })).body.msg).toBe(
      'passwords_mismatch',
    );
    const malformed = await resetFund(s, { code, fundpassword: '12ab', refundpassword: '12ab' });
    expect([malformed.http, malformed.body.msg]).toEqual([400, 'invalid_param']);
    expect(await messageKinds(s)).not.toContain('fund_password_reset');
    const none = await registerAndLogin(t);
    const noneCode = await resetCode(none.account, 'fund_reset');
    expect((await resetFund(none, { code: noneCode })).body.msg).toBe('fund_password_not_set');
    // The old fund password still opens a change: nothing was reset.
    const change = await t.call(
      'user/changeFundPassword',
      { oldfundpassword: '135790', fundpassword: '111222', refundpassword: '111222' },
      s,
    );
    expect(change.body.msg).toBe('modify_ok');
  });

  it('a fund password locked by wrong tries opens with the new one after the reset', async () => {
    const s = await withFundPassword();
    const change = (old: string) =>
      t.call(
        'user/changeFundPassword',
        { oldfundpassword: old, fundpassword: '111222', refundpassword: '111222' },
        s,
      );
    for (let i = 0; i < 6; i += 1) await change('000000');
    expect((await change('135790')).body.msg).toBe('too_frequent');
    const code = await resetCode(s.account, 'fund_reset');
    expect((await resetFund(s, { code })).body.msg).toBe('modify_ok');
    expect((await change('246802')).body.msg).toBe('modify_ok');
  });

  it('a code sent for a login reset does not reset the fund password, nor the other way round', async () => {
    const s = await withFundPassword();
    const loginCode = await resetCode(s.account);
    expect((await resetFund(s, { code: loginCode })).body.msg).toBe('code_invalid');
    const fundCode = await resetCode(s.account, 'fund_reset');
    expect((await resetPassword(s.account, fundCode)).body.msg).toBe('code_invalid');
    expect((await login(s.account, PASSWORD)).body.msg).toBe('login_ok');
  });

  it('signed out it is refused with login_required', async () => {
    const refused = await t.call('user/resetFundPassword', {
      password: PASSWORD,
      code: '123456',
      fundpassword: '246802',
      refundpassword: '246802',
    });
    expect([refused.http, refused.body.msg]).toEqual([401, 'login_required']);
  });
});
