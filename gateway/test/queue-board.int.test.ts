import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { reviewer } from './support/funds-helpers.ts';

// The queues for administrators (issue 21): the console asks for a one-minute, one-use ticket; the
// board trades it for a cookie of its own path and shows every module's queue, read-only. No
// ticket, a used ticket, a role without the staff power, a disabled administrator or a console
// session that signed out sees nothing; the cookie is no admin token.
let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway();
}, 60_000);
afterAll(async () => t.close());

async function openBoard(token: string): Promise<{ cookie: string; url: string }> {
  const ticket = await fetch(`${t.baseUrl}/api/admin/queues/ticket`, {
    method: 'POST',
    headers: { 'admin-token': token },
  });
  const { data } = (await ticket.json()) as { data: { url: string } };
  const opened = await fetch(`${t.baseUrl}${data.url}`, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const cookie = String(opened.headers.get('set-cookie'));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Path=\/admin\/queues/);
  expect(cookie).toMatch(/SameSite=Strict/i);
  return { cookie: cookie.split(';')[0] ?? '', url: data.url };
}

const boardApi = (cookie?: string) =>
  fetch(`${t.baseUrl}/admin/queues/api/queues`, { headers: cookie ? { cookie } : {} });

describe('the queue board', () => {
  it('an administrator opens it once with a ticket and sees every queue, read-only', async () => {
    const admin = await reviewer(t, undefined, 'administrator');
    const { cookie, url } = await openBoard(admin.token);
    const answer = await boardApi(cookie);
    expect(answer.status).toBe(200);
    const { queues } = (await answer.json()) as {
      queues: Array<{ name: string; readOnlyMode: boolean }>;
    };
    expect(queues.map((q) => q.name)).toContain(`${t.prefix}-withdrawal-payout`);
    expect(queues.every((q) => q.readOnlyMode)).toBe(true);
    const page = await fetch(`${t.baseUrl}/admin/queues/`, { headers: { cookie } });
    expect(await page.text()).toContain('Kabuto queues');
    // The ticket opened the board once; a second use (a leaked link) opens nothing.
    expect((await fetch(`${t.baseUrl}${url}`, { redirect: 'manual' })).status).toBe(401);
    // The cookie names a board visit, never a session: it opens no admin call.
    const asToken = await fetch(`${t.baseUrl}/api/admin/me`, {
      method: 'POST',
      headers: { 'admin-token': cookie.split('=')[1] ?? '' },
    });
    expect(asToken.status).toBe(401);
    const retry = await fetch(
      `${t.baseUrl}/admin/queues/api/queues/${t.prefix}-withdrawal-payout/retry/failed`,
      { method: 'PUT', headers: { cookie } },
    );
    expect(retry.status).toBeGreaterThanOrEqual(400);
  });

  it('no cookie, a role without the staff power, or a disabled administrator sees nothing', async () => {
    expect((await boardApi()).status).toBe(401);
    expect((await boardApi('kabuto_board=forged')).status).toBe(401);
    const operator = await reviewer(t, undefined, 'operator');
    const refused = await operator.call('queues/ticket');
    expect([refused.http, refused.body.msg]).toEqual([403, 'role_forbidden']);
    const [keeper, leaver] = [await reviewer(t), await reviewer(t)];
    const { cookie } = await openBoard(leaver.token);
    expect((await boardApi(cookie)).status).toBe(200);
    const id = (
      await t.testDb.db
        .selectFrom('admin_user')
        .select('id')
        .where('login', '=', leaver.login)
        .executeTakeFirstOrThrow()
    ).id;
    await keeper.call('staff/update', { id: String(id), disabled: '1' });
    expect((await boardApi(cookie)).status).toBe(401);
  });

  it('signing out of the console closes the board it opened', async () => {
    const admin = await reviewer(t);
    const { cookie } = await openBoard(admin.token);
    expect((await boardApi(cookie)).status).toBe(200);
    await admin.call('logout');
    expect((await boardApi(cookie)).status).toBe(401);
  });
});
