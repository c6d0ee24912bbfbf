import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { ROLE_POWERS, STAFF_ROLES, type StaffRole } from '@kabuto/schema/contracts';
import { ADMIN_CALLS } from '../src/calls.ts';
import { registerAndLogin, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { reviewer, STAFF_PASSWORD } from './support/funds-helpers.ts';

// The back office's doors (issue 21): every admin call checks the caller's role against the one
// role × power table before it runs; staff sign in with a password and a second factor; sessions
// end on logout, after 30 idle minutes, and when the staff member is disabled.
let t: TestGateway;
let clockOffsetMs = 0;
const staff = new Map<StaffRole, Awaited<ReturnType<typeof reviewer>>>();
const db = () => t.testDb.db;

beforeAll(async () => {
  t = await startTestGateway({}, { nowMs: () => Date.now() + clockOffsetMs });
  for (const role of STAFF_ROLES) staff.set(role, await reviewer(t, undefined, role));
}, 60_000);
afterAll(async () => t.close());

async function adminPost(path: string, body: Record<string, string>, token?: string) {
  const response = await fetch(`${t.baseUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'admin-token': token } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  return { http: response.status, body: (await response.json()) as { msg: string; data: any } };
}

/** The id of a user (by account) or a staff member (by login), as the admin calls take it. */
async function idOf(
  database: TestGateway['testDb']['db'],
  table: 'app_user' | 'admin_user',
  name: string,
): Promise<string> {
  const row =
    table === 'app_user'
      ? await database
          .selectFrom('app_user')
          .select('id')
          .where('account', '=', name)
          .executeTakeFirstOrThrow()
      : await database
          .selectFrom('admin_user')
          .select('id')
          .where('login', '=', name)
          .executeTakeFirstOrThrow();
  return String(row.id);
}

const auditRows = async () =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every admin call but those that end or change the caller's own session. */
const CHECKED = ADMIN_CALLS.filter((call) => call.auth === 'admin' && call.path !== 'logout');

describe('each role sees and does only what it may', () => {
  it('every admin call declares a power of the table', () => {
    for (const call of ADMIN_CALLS.filter((c) => c.auth === 'admin')) {
      expect(call.power, call.path).toBeDefined();
    }
    expect(ADMIN_CALLS.find((c) => c.path === 'login')?.auth).toBe('none');
  });

  it.each(STAFF_ROLES)(
    'the %s role gets role_forbidden (403) on exactly the calls its role lacks, and nothing is written',
    async (role) => {
      const token = staff.get(role)?.token;
      const forbidden: string[] = [];
      const allowed: string[] = [];
      for (const call of CHECKED) {
        const audits = await auditRows();
        const answer = await adminPost(call.path, {}, token);
        if (answer.body.msg === 'role_forbidden') {
          expect(answer.http).toBe(403);
          // Refused before the call ran: not even a read was audited.
          expect(await auditRows()).toBe(audits);
          forbidden.push(call.path);
        } else {
          expect([401, 403]).not.toContain(answer.http);
          allowed.push(call.path);
        }
      }
      const expectedForbidden = CHECKED.filter(
        (call) => !ROLE_POWERS[role].includes(call.power ?? 'staff'),
      ).map((call) => call.path);
      expect(forbidden).toEqual(expectedForbidden);
      expect(allowed.length + forbidden.length).toBe(CHECKED.length);
    },
  );

  it('a reviewer cannot edit listings or staff; an operator cannot decide reviews or manage staff', () => {
    expect(ROLE_POWERS.reviewer).not.toContain('listings');
    expect(ROLE_POWERS.reviewer).not.toContain('config');
    expect(ROLE_POWERS.operator).not.toContain('review');
    for (const role of ['reviewer', 'operator'] as const) {
      expect(ROLE_POWERS[role]).not.toContain('staff');
    }
  });

  it('a user’s token gets 401 on every admin call, whichever header carries it', async () => {
    const s = await registerAndLogin(t);
    for (const call of CHECKED) {
      const asAdminToken = await adminPost(call.path, {}, s.token);
      expect([call.path, asAdminToken.http]).toEqual([call.path, 401]);
      const response = await fetch(`${t.baseUrl}/api/admin/${call.path}`, {
        method: 'POST',
        headers: { token: s.token, account: s.account },
      });
      expect([call.path, response.status]).toEqual([call.path, 401]);
    }
  });
});

describe('signing in with the second factor', () => {
  it('a new staff member may only enrol until two-factor is confirmed', async () => {
    const login = `enrol${Date.now() % 1e6}`;
    const created = await staff
      .get('administrator')
      ?.call('staff/create', { login, password: 'long-enough-pass-1', role: 'reviewer' });
    expect(created?.body.msg).toBe('add_ok');
    const first = await adminPost('login', { login, password: 'long-enough-pass-1' });
    expect(first.body.data.second_factor).toBe('enrol');
    const token = String(first.body.data.token);
    const refused = await adminPost('kyc/list', {}, token);
    expect([refused.http, refused.body.msg]).toEqual([403, 'totp_enrolment_required']);
    expect((await adminPost('me', {}, token)).body.data).toMatchObject({
      login,
      role: 'reviewer',
      second_factor: 'enrol',
    });
    const early = await adminPost('totp/enable', { otp: '123456' }, token);
    expect(early.body.msg).toBe('totp_setup_required');
    const setup = await adminPost('totp/setup', {}, token);
    const secret = String(setup.body.data.secret);
    const enabled = await adminPost('totp/enable', { otp: await generate({ secret }) }, token);
    expect(enabled.body.msg).toBe('modify_ok');
    expect(enabled.body.data.recovery_codes).toHaveLength(10);
    expect((await adminPost('kyc/list', {}, token)).body.msg).toBe('ok');
  });

  it('a login without the code is told totp_required and gets no session; a wrong one otp_invalid; a code or a recovery code works once', async () => {
    const member = await reviewer(t, undefined, 'reviewer');
    const sessions = async () =>
      Number(
        (
          await db()
            .selectFrom('admin_session')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sessions();
    const password = { login: member.login, password: STAFF_PASSWORD };
    expect((await adminPost('login', password)).body.msg).toBe('totp_required');
    expect((await adminPost('login', { ...password, otp: '000000' })).body.msg).toBe('otp_invalid');
    expect(await sessions()).toBe(before);
    // The enrolment spent its step's code: the same code is refused (used once), whatever the
    // wall clock's step is now (CI: a step boundary between the two made a fresh code).
    const replay = await adminPost('login', { ...password, otp: member.enrolmentCode });
    expect(replay.body.msg).toBe('otp_invalid');
    const recovery = member.recoveryCodes[0] ?? '';
    const withRecovery = await adminPost('login', { ...password, otp: recovery });
    expect(withRecovery.body).toMatchObject({ msg: 'login_ok', data: { second_factor: 'passed' } });
    expect((await adminPost('login', { ...password, otp: recovery })).body.msg).toBe('otp_invalid');
  });

  it('logout ends the session at once; 30 idle minutes end it too', async () => {
    const member = await reviewer(t, undefined, 'reviewer');
    expect((await adminPost('logout', {}, member.token)).body.msg).toBe('logout_ok');
    expect((await adminPost('me', {}, member.token)).http).toBe(401);
    const idle = await reviewer(t, undefined, 'reviewer');
    clockOffsetMs += 29 * 60_000;
    try {
      expect((await adminPost('me', {}, idle.token)).body.msg).toBe('ok');
      clockOffsetMs += 29 * 60_000;
      expect((await adminPost('me', {}, idle.token)).body.msg).toBe('ok');
      clockOffsetMs += 31 * 60_000;
      expect((await adminPost('me', {}, idle.token)).http).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('two-factor enrolment raced', () => {
  it('two enrolment-only sessions confirming at once turn it on once; the other session ends', async () => {
    const admin = staff.get('administrator');
    const login = `race${Date.now() % 1e6}`;
    await admin?.call('staff/create', { login, password: 'long-enough-pass-1', role: 'reviewer' });
    const password = { login, password: 'long-enough-pass-1' };
    const first = String((await adminPost('login', password)).body.data.token);
    const second = String((await adminPost('login', password)).body.data.token);
    const secret = String((await adminPost('totp/setup', {}, first)).body.data.secret);
    const now = Math.floor(Date.now() / 1000);
    const [a, b] = await Promise.all([
      adminPost('totp/enable', { otp: await generate({ secret, epoch: now - 30 }) }, first),
      adminPost('totp/enable', { otp: await generate({ secret, epoch: now }) }, second),
    ]);
    // One turns it on. The other is refused either way the race goes: checked before the winner
    // committed, its enrolment is gone (totp_setup_required); after, its session is (login_required).
    const answers = [a.body.msg, b.body.msg];
    expect(answers.filter((msg) => msg === 'modify_ok')).toHaveLength(1);
    expect(answers.find((msg) => msg !== 'modify_ok')).toMatch(
      /^(totp_setup_required|login_required)$/,
    );
    const loser = a.body.msg === 'modify_ok' ? second : first;
    expect((await adminPost('me', {}, loser)).http).toBe(401);
  });
});

describe('staff management (administrators only)', () => {
  it('a change with nothing to change is invalid_param (400), not a 500', async () => {
    const admin = staff.get('administrator');
    const anyone = await admin?.call('staff/list');
    const id = String(anyone?.body.data[0].id);
    const empty = await admin?.call('staff/update', { id });
    expect([empty?.http, empty?.body.msg]).toEqual([400, 'invalid_param']);
    const s = await registerAndLogin(t);
    const userId = await idOf(db(), 'app_user', s.account);
    const noFlag = await admin?.call('user/flags', { id: userId, reason: 'nothing to change' });
    expect([noFlag?.http, noFlag?.body.msg]).toEqual([400, 'invalid_param']);
  });

  it('creates, refuses a taken login, disables (their session ends) and audits each step', async () => {
    const admin = staff.get('administrator');
    const audits = await auditRows();
    const member = await reviewer(t, undefined, 'operator');
    const id = await idOf(db(), 'admin_user', member.login);
    const taken = await admin?.call('staff/create', {
      login: member.login,
      password: 'long-enough-pass-1',
      role: 'reviewer',
    });
    expect(taken?.body.msg).toBe('staff_exists');
    expect((await admin?.call('staff/update', { id, disabled: '1' }))?.body.msg).toBe('modify_ok');
    expect((await adminPost('me', {}, member.token)).http).toBe(401);
    const relogin = await adminPost('login', { login: member.login, password: STAFF_PASSWORD });
    expect(relogin.body.msg).toBe('wrong_credentials');
    const log = await admin?.call('audit/list', { q: `staff:${id}` });
    expect(log?.body.data.map((row: { action: string }) => row.action)).toContain('staff.update');
    expect(await auditRows()).toBeGreaterThan(audits);
  });

  it('finds what staff did to a user by the user’s account', async () => {
    const admin = staff.get('administrator');
    const s = await registerAndLogin(t);
    const id = await idOf(db(), 'app_user', s.account);
    await admin?.call('user/flags', { id, trading_barred: '1', reason: 'audit search test' });
    const found = await admin?.call('audit/list', { q: s.account });
    expect(found?.body.data.map((row: { subject: string }) => row.subject)).toEqual([`user:${id}`]);
  });

  it('refuses to disable or demote the last active administrator', async () => {
    const lone = await startTestGateway();
    try {
      const only = await reviewer(lone, undefined, 'administrator');
      const id = await idOf(lone.testDb.db, 'admin_user', only.login);
      expect((await only.call('staff/update', { id, disabled: '1' })).body.msg).toBe(
        'staff_last_administrator',
      );
      expect((await only.call('staff/update', { id, role: 'reviewer' })).body.msg).toBe(
        'staff_last_administrator',
      );
      expect((await only.call('me')).body.data.role).toBe('administrator');
    } finally {
      await lone.close();
    }
  });
});
