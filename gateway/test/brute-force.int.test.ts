import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { offsetClock } from '@kabuto/schema/contracts';
import {
  PASSWORD,
  registerAndLogin,
  resetIpLimits,
  startTestGateway,
  uniqueMobile,
  type Envelope,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';
import { jpeg, multipart, reviewer } from './support/funds-helpers.ts';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.ts';

// Every secret a caller can guess is checked only after its limiter has spent the attempt
// (decision 36): bursts go out in parallel (Promise.all) and may get no more checks than the
// limit. The gateway trusts one proxy hop, so each test is its own client address
// (X-Forwarded-For), and no test spends another's per-IP budget.
let t: TestGateway;
const clock = offsetClock();
let review: Awaited<ReturnType<typeof reviewer>>;
let photo: Buffer;
let ips = 0;
const newIp = () => `203.0.113.${String((ips += 1))}`;
const db = () => t.testDb.db;

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_TRUST_PROXY: '1', KABUTO_CLOCK: 'always-open' }, clock);
  review = await reviewer(t);
  photo = await jpeg(320, 200);
}, 60_000);
afterAll(async () => t.close());

type Answer = { http: number; body: Envelope };

async function post(
  path: string,
  body: Record<string, string>,
  options: { ip?: string; session?: Session; base?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.session) {
    Object.assign(headers, { token: options.session.token, account: options.session.account });
  }
  const response = await fetch(`${t.baseUrl}/api/${options.base ?? 'vue'}/${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body).toString(),
  });
  return { http: response.status, body: (await response.json()) as Envelope };
}

/** Fires every request at once and tallies the answers by msg key. */
async function burst(requests: Array<() => Promise<Answer>>): Promise<Record<string, number>> {
  const answers = await Promise.all(requests.map((send) => send()));
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.body.msg === 'too_frequent') expect(answer.http).toBe(429);
    tally[answer.body.msg] = (tally[answer.body.msg] ?? 0) + 1;
  }
  return tally;
}

const times = <T>(n: number, make: (i: number) => T): T[] =>
  Array.from({ length: n }, (_, i) => make(i));

async function count(
  table: 'session' | 'admin_session' | 'app_user' | 'withdrawal',
): Promise<number> {
  const row = await db()
    .selectFrom(table)
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userRow(account: string) {
  return db()
    .selectFrom('app_user')
    .select(['id', 'password_hash', 'fund_password_hash'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
}

async function verifiedUser(): Promise<Session> {
  const s = await registerAndLogin(t);
  const files = {
    front: { bytes: photo, name: 'front.jpg' },
    back: { bytes: photo, name: 'back.jpg' },
  };
  const submitted = await multipart(
    t,
    'user/verify',
    {
      name_kanji: '山田 太郎',
      name_kana: 'ヤマダ タロウ',
      id_number: '123456789012',
      document_type: 'my_number',
      consent: '1',
    },
    files,
    s,
  );
  expect(
    (
      await review.call('kyc/decide', {
        id: submitted.body.data.submission_id,
        decision: 'approve',
      })
    ).body.msg,
  ).toBe('submit_ok');
  return s;
}

describe('login bursts', () => {
  it('30 parallel wrong passwords get at most 10 checks; the right password in a later burst is refused and opens no session', async () => {
    const s = await registerAndLogin(t);
    const ip = newIp();
    const wrong = await burst(
      times(
        30,
        (i) => () =>
          post('user/login', { account: s.account, password: `wrong-${i}-pass` }, { ip }),
      ),
    );
    expect(wrong['wrong_credentials']).toBeLessThanOrEqual(10);
    expect(wrong['too_frequent']).toBeGreaterThanOrEqual(20);
    const sessions = await count('session');
    const withRight = await burst(
      times(
        30,
        (i) => () =>
          post(
            'user/login',
            { account: s.account, password: i % 3 === 0 ? PASSWORD : `wrong-${i}-again` },
            { ip },
          ),
      ),
    );
    expect(withRight).toEqual({ too_frequent: 30 });
    expect(await count('session')).toBe(sessions);
  });

  it('the back-office login gets at most 10 checks in a parallel burst, and then refuses the right password', async () => {
    const ip = newIp();
    const login = `burst${Date.now() % 1e6}`;
    await db()
      .insertInto('admin_user')
      .values({
        login,
        password_hash: await hashPassword(PASSWORD),
        role: 'reviewer',
        created_at: Date.now(),
      })
      .execute();
    const wrong = await burst(
      times(
        30,
        (i) => () => post('login', { login, password: `wrong-${i}-pass` }, { ip, base: 'admin' }),
      ),
    );
    expect(wrong['wrong_credentials']).toBeLessThanOrEqual(10);
    expect(wrong['too_frequent']).toBeGreaterThanOrEqual(20);
    const adminSessions = await count('admin_session');
    expect(await post('login', { login, password: PASSWORD }, { ip, base: 'admin' })).toMatchObject(
      { http: 429, body: { msg: 'too_frequent' } },
    );
    expect(await count('admin_session')).toBe(adminSessions);
  });

  it('a success resets the per-account count: logins that succeed never lock the account', async () => {
    const s = await registerAndLogin(t);
    const ip = newIp();
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await post('user/login', { account: s.account, password: PASSWORD }, { ip })).body.msg,
      ).toBe('login_ok');
    }
    for (let i = 0; i < 9; i += 1) {
      await post('user/login', { account: s.account, password: 'wrong-pass-1' }, { ip });
    }
    expect(
      (await post('user/login', { account: s.account, password: PASSWORD }, { ip })).body.msg,
    ).toBe('login_ok');
    expect(
      (await post('user/login', { account: s.account, password: 'wrong-pass-1' }, { ip })).body.msg,
    ).toBe('wrong_credentials');
  });
});

describe('one address guessing across accounts', () => {
  /** How long the address stays blocked (the block is kept in the database, decision 93). */
  const ipBlockMs = async (ip: string) =>
    ((await t.gateway.deps.limiters.loginByIp.endsAt(ip)) ?? 0) - clock.nowMs();

  async function failHundredTimes(ip: string): Promise<void> {
    const accounts = times(20, () => uniqueMobile());
    for (let round = 0; round < 5; round += 1) {
      const tally = await burst(
        accounts.map(
          (account) => () =>
            post('user/login', { account, password: `guess-${round}-pass` }, { ip }),
        ),
      );
      expect(tally).toEqual({ wrong_credentials: 20 });
    }
  }

  it('after 100 failures the address is blocked for a minute, not a day; the next block is two, and the proxy hop is the address', async () => {
    const ip = newIp();
    const s = await registerAndLogin(t);
    await failHundredTimes(ip);
    const sessions = await count('session');
    const refused = await post('user/login', { account: s.account, password: PASSWORD }, { ip });
    expect(refused).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect(await count('session')).toBe(sessions);
    const firstBlockMs = await ipBlockMs(ip);
    expect(firstBlockMs).toBeGreaterThan(0);
    expect(firstBlockMs).toBeLessThanOrEqual(60_000);
    // Another address (another user behind the same proxy) is not touched, and a client cannot
    // pick its own address: the left-most X-Forwarded-For entry is not trusted.
    expect(
      (await post('user/login', { account: s.account, password: PASSWORD }, { ip: newIp() })).body
        .msg,
    ).toBe('login_ok');
    expect(
      (
        await post(
          'user/login',
          { account: s.account, password: PASSWORD },
          { ip: `198.51.100.7, ${ip}` },
        )
      ).body.msg,
    ).toBe('too_frequent');
    clock.setOffset(clock.offsetMs() + firstBlockMs + 1); // the minute has passed
    expect(
      (await post('user/login', { account: s.account, password: PASSWORD }, { ip })).body.msg,
    ).toBe('login_ok');
    await failHundredTimes(ip);
    expect(
      (await post('user/login', { account: s.account, password: PASSWORD }, { ip })).body.msg,
    ).toBe('too_frequent');
    const secondBlockMs = await ipBlockMs(ip);
    expect(secondBlockMs).toBeGreaterThan(60_000);
    expect(secondBlockMs).toBeLessThanOrEqual(120_000);
  });
});

describe('addresses an attacker can vary', () => {
  let networks = 0;
  const newNetwork = () => `2001:db8:${(networks += 1).toString(16)}:7`;

  it('one IPv6 /64 is one address: 30 parallel wrong passwords from 30 of its addresses get at most 10 checks, and the right one then opens no session', async () => {
    const s = await registerAndLogin(t);
    const net = newNetwork();
    const tally = await burst(
      times(
        30,
        (i) => () =>
          post(
            'user/login',
            { account: s.account, password: `wrong-${i}-pass` },
            { ip: `${net}::${(i + 1).toString(16)}` },
          ),
      ),
    );
    expect(tally['wrong_credentials']).toBeLessThanOrEqual(10);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(20);
    const sessions = await count('session');
    const right = await post(
      'user/login',
      { account: s.account, password: PASSWORD },
      { ip: `${net}:ffff:ffff:ffff:ffff` },
    );
    expect(right).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect(await count('session')).toBe(sessions);
    // Another subscriber's network is not touched.
    expect(
      (
        await post(
          'user/login',
          { account: s.account, password: PASSWORD },
          { ip: `${newNetwork()}::1` },
        )
      ).body.msg,
    ).toBe('login_ok');
  });

  it('one IPv4 address written IPv4-mapped or with a port is still one address', async () => {
    const s = await registerAndLogin(t);
    const ip = newIp();
    const spellings = [ip, `::ffff:${ip}`, `${ip}:40000`, `[::ffff:${ip}]:443`];
    const tally = await burst(
      times(
        20,
        (i) => () =>
          post(
            'user/login',
            { account: s.account, password: `wrong-${i}-pass` },
            { ip: spellings[i % spellings.length] ?? ip },
          ),
      ),
    );
    expect(tally['wrong_credentials']).toBeLessThanOrEqual(10);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(10);
  });

  it('common/sendcode: 25 codes from 25 addresses of one IPv6 /64 send at most 20', async () => {
    const net = newNetwork();
    const tally = await burst(
      times(
        25,
        (i) => () =>
          post(
            'common/sendcode',
            { account: uniqueMobile(), purpose: 'register' },
            { ip: `${net}::${(i + 1).toString(16)}` },
          ),
      ),
    );
    expect(tally['code_sent']).toBeLessThanOrEqual(20);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(5);
  });
});

describe('secrets asked inside a session', () => {
  it('user/changePassword: 30 parallel wrong old passwords get at most 5 checks; the right one is then refused and nothing changes', async () => {
    const s = await registerAndLogin(t);
    const other = {
      token: (await t.call('user/login', { account: s.account, password: PASSWORD })).body.data
        .token as string,
      account: s.account,
    };
    const before = await userRow(s.account);
    const change = (old: string) => () =>
      post(
        'user/changePassword',
        { oldpassword: old, password: 'new-password-1', repassword: 'new-password-1' },
        { session: s },
      );
    const tally = await burst(times(30, (i) => change(`wrong-${i}-pass`)));
    expect(tally['wrong_original_password']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await change(PASSWORD)()).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect((await userRow(s.account)).password_hash).toBe(before.password_hash);
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, other)).http).toBe(200);
  });

  it('user/setFundPassword: 30 parallel wrong login passwords get at most 5 checks; the right one is then refused and no fund password is set', async () => {
    const s = await registerAndLogin(t);
    const set = (password: string) => () =>
      post(
        'user/setFundPassword',
        { password, fundpassword: '135790', refundpassword: '135790' },
        { session: s },
      );
    const tally = await burst(times(30, (i) => set(`wrong-${i}-pass`)));
    expect(tally['wrong_original_password']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await set(PASSWORD)()).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect((await userRow(s.account)).fund_password_hash).toBeNull();
  });

  it('user/setFundPassword: of three parallel first settings one answers modify_ok and its fund password is the one kept; the others are refused', async () => {
    const s = await registerAndLogin(t);
    const fundPasswords = ['111111', '222222', '333333'];
    const answers = await Promise.all(
      fundPasswords.map((fund) =>
        post(
          'user/setFundPassword',
          { password: PASSWORD, fundpassword: fund, refundpassword: fund },
          { session: s },
        ),
      ),
    );
    const kept = fundPasswords.filter((_, i) => answers[i]?.body.msg === 'modify_ok');
    expect(kept).toHaveLength(1);
    for (const answer of answers.filter((a) => a.body.msg !== 'modify_ok')) {
      expect(answer).toMatchObject({
        http: 400,
        body: { msg: 'invalid_param', data: { fields: { fundpassword: 'already_set' } } },
      });
    }
    const stored = (await userRow(s.account)).fund_password_hash ?? '';
    expect(await verifyPassword(stored, kept[0] ?? '')).toBe(true);
  });

  it('a right password refunds its attempt: six password changes in a row all succeed', async () => {
    const s = await registerAndLogin(t);
    const passwords = times(7, (i) => (i === 0 ? PASSWORD : `rotated-pass-${i}`));
    for (let i = 1; i < passwords.length; i += 1) {
      const answer = await post(
        'user/changePassword',
        {
          oldpassword: passwords[i - 1] ?? '',
          password: passwords[i] ?? '',
          repassword: passwords[i] ?? '',
        },
        { session: s },
      );
      expect(answer.body.msg).toBe('modify_ok');
    }
  });

  it('user/changeFundPassword: 30 parallel wrong fund passwords get at most 5 checks; the right one is then refused and the fund password stays', async () => {
    const s = await registerAndLogin(t);
    expect(
      (
        await t.call(
          'user/setFundPassword',
          { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
          s,
        )
      ).body.msg,
    ).toBe('modify_ok');
    const before = await userRow(s.account);
    const change = (old: string) => () =>
      post(
        'user/changeFundPassword',
        { oldfundpassword: old, fundpassword: '135791', refundpassword: '135791' },
        { session: s },
      );
    const tally = await burst(times(30, (i) => change(String(100000 + i))));
    expect(tally['wrong_fund_password']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await change('246810')()).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect((await userRow(s.account)).fund_password_hash).toBe(before.fund_password_hash);
  });

  it('fund/withdraw: 30 parallel wrong fund passwords get at most 5 checks; the right one is then refused and no withdrawal is made', async () => {
    const s = await verifiedUser();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const cardId = (
      await t.call(
        'bank/add',
        {
          holder_kana: 'ヤマダ タロウ',
          bank_name: 'みずほ銀行',
          branch_name: '東京営業部',
          branch_code: '001',
          card_type: 'ordinary',
          account_number: '1234567',
        },
        s,
      )
    ).body.data.card_id as string;
    const withdrawals = await count('withdrawal');
    const withdraw = (fundPassword: string, i: number) => () =>
      post(
        'fund/withdraw',
        {
          card_id: cardId,
          amount: '10000',
          fund_password: fundPassword,
          request_id: `burst-withdraw-${String(i).padStart(4, '0')}`,
        },
        { session: s },
      );
    const tally = await burst(times(30, (i) => withdraw(String(100000 + i), i)));
    expect(tally['wrong_fund_password']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await withdraw('246810', 99)()).toMatchObject({
      http: 429,
      body: { msg: 'too_frequent' },
    });
    expect(await count('withdrawal')).toBe(withdrawals);
  });

  it('fund/channel: 30 parallel wrong channel passwords get at most 5 checks; the right one is then refused and no bank details are shown', async () => {
    const s = await verifiedUser();
    await db()
      .insertInto('deposit_channel')
      .values({
        name: 'Burst',
        currency: 'JPY',
        bank_name: 'B',
        branch_name: 'H',
        account_name: 'カブト',
        account_number: '7654321',
        max_single: 500_000n,
        active: 1,
        created_at: Date.now(),
      })
      .execute();
    const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id as string;
    const inbox = await t.call('user/messages', {}, s);
    const right = String(
      inbox.body.data.find((m: { kind: string }) => m.kind === 'channel_password').params.code,
    );
    const open = (password: string) => () =>
      post('fund/channel', { channel_id: channelId, channel_password: password }, { session: s });
    const tally = await burst(times(30, (i) => open(String(100000 + i))));
    expect(tally['wrong_channel_password']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    const refused = await open(right)();
    expect(refused).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect(refused.body.data?.account_number).toBeUndefined();
  });

  it('security/totp/enable: 30 parallel wrong codes get at most 5 checks; the right one is then refused and TOTP stays off', async () => {
    const s = await registerAndLogin(t);
    const setup = (await t.call('security/totp/setup', {}, s)).body.data;
    const enable = (otp: string) => () => post('security/totp/enable', { otp }, { session: s });
    const tally = await burst(times(30, (i) => enable(String(100000 + i))));
    expect(tally['otp_invalid']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await enable(await generate({ secret: setup.secret }))()).toMatchObject({
      http: 429,
      body: { msg: 'too_frequent' },
    });
    expect((await t.call('security/status', {}, s)).body.data.totp_enabled).toBe(false);
  });
});

describe('whether an account exists', () => {
  async function existingAccounts(n: number): Promise<string[]> {
    const accounts = times(n, () => uniqueMobile());
    await db()
      .insertInto('app_user')
      .values(
        accounts.map((account, i) => ({
          account,
          password_hash: 'unused',
          fund_password_hash: null,
          status: 'active',
          trading_barred: 0,
          inviter_code: 'KABUTO',
          invite_code: `EX${Date.now() % 1e8}${i}`,
          created_at: Date.now(),
        })),
      )
      .execute();
    return accounts;
  }

  it('common/sendcode tells it only within the per-address budget: 25 lookups from one address get at most 20 answers', async () => {
    const ip = newIp();
    const tally = await burst(
      (await existingAccounts(25)).map(
        (account) => () => post('common/sendcode', { account, purpose: 'register' }, { ip }),
      ),
    );
    expect(tally['account_exists']).toBeLessThanOrEqual(20);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(5);
  });

  it('user/register does not tell it without a valid code: a wrong code for an existing account is code_invalid and makes nothing', async () => {
    const [account = ''] = await existingAccounts(1);
    const users = await count('app_user');
    const answer = await post(
      'user/register',
      {
        account,
        password: PASSWORD,
        repassword: PASSWORD,
        invite: 'KABUTO',
        code: '123456',
        agree: '1',
      },
      { ip: newIp() },
    );
    expect(answer.body.msg).toBe('code_invalid');
    expect(await count('app_user')).toBe(users);
  });
});

describe('verification codes', () => {
  it('user/register: 30 parallel wrong codes get at most 5 checks; the right code is then refused and no account is made', async () => {
    await resetIpLimits(t);
    const account = uniqueMobile();
    expect((await t.call('common/sendcode', { account, purpose: 'register' })).body.msg).toBe(
      'code_sent',
    );
    const right = t.lastCode(account);
    const users = await count('app_user');
    const register = (code: string) => () =>
      post(
        'user/register',
        { account, password: PASSWORD, repassword: PASSWORD, invite: 'KABUTO', code, agree: '1' },
        { ip: newIp() },
      );
    const wrongCodes = times(40, (i) => String(100000 + i))
      .filter((code) => code !== right)
      .slice(0, 30);
    const tally = await burst(wrongCodes.map(register));
    expect(tally['code_invalid']).toBeLessThanOrEqual(5);
    expect(tally['too_frequent']).toBeGreaterThanOrEqual(25);
    expect(await register(right)()).toMatchObject({ http: 429, body: { msg: 'too_frequent' } });
    expect(await count('app_user')).toBe(users);
  });
});
