import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { reviewer } from './support/funds-helpers.ts';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(async () => t.close());

async function raw(path: string, init: RequestInit) {
  const response = await fetch(`${t.baseUrl}${path}`, { method: 'POST', ...init });
  const text = await response.text();
  return { http: response.status, text };
}

describe('bad input', () => {
  it('when the JSON body is malformed, answers 400 invalid_param', async () => {
    const { http, text } = await raw('/api/vue/user/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"account":',
    });
    expect(http).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ status: 0, msg: 'invalid_param' });
  });

  it('when a field is repeated or unknown, answers 400 (no parameter pollution, no mass assignment)', async () => {
    const repeated = await raw('/api/vue/user/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=a&account=b&password=x',
    });
    expect(repeated.http).toBe(400);
    const unknown = await raw('/api/vue/user/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=0901234567&password=x&status=active',
    });
    expect(unknown.http).toBe(400);
    expect(JSON.parse(unknown.text).data.fields).toBeDefined();
  });

  it('when the body is over 16 kB, answers 413', async () => {
    const { http } = await raw('/api/vue/user/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `account=${'a'.repeat(20_000)}`,
    });
    expect(http).toBe(413);
  });

  it('when the path is unknown, answers 404 not_found', async () => {
    const { http, text } = await raw('/api/vue/no/such', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(http).toBe(404);
    expect(JSON.parse(text).msg).toBe('not_found');
  });

  it('when random form bodies hit every public call, never answers 5xx and never creates a user', async () => {
    const before = await t.testDb.db
      .selectFrom('app_user')
      .select(sql<bigint>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('__proto__', 'constructor', '1', '', '0901234567'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'user/register',
          'user/login',
          'common/sendcode',
          'common/config',
          'user/paperfund',
        ),
        fc.dictionary(
          fc.constantFrom(
            'account',
            'password',
            'repassword',
            'invite',
            'code',
            'agree',
            'purpose',
            '__proto__',
            'type',
            'x',
          ),
          field,
          { maxKeys: 7 },
        ),
        async (path, body) => {
          const { http } = await raw(`/api/vue/${path}`, {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body).toString(),
          });
          expect(http).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    const after = await t.testDb.db
      .selectFrom('app_user')
      .select(sql<bigint>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('probes, headers and docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
  });

  it('sends security headers and no-store on the API', async () => {
    const response = await fetch(`${t.baseUrl}/api/vue/common/config`, { method: 'POST' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves an OpenAPI document of the app’s calls to anyone, and the back office’s to staff only', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/vue/user/register',
        '/api/vue/user/login',
        '/api/vue/user/paperfund',
      ]),
    );
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    const stranger = await fetch(`${t.baseUrl}/api/admin/docs`);
    expect(stranger.status).toBe(401);
    const staff = await reviewer(t, undefined, 'reviewer');
    const adminDoc = (await (
      await fetch(`${t.baseUrl}/api/admin/docs`, { headers: { 'admin-token': staff.token } })
    ).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(adminDoc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/login', '/api/admin/kyc/decide']),
    );
  });
});
