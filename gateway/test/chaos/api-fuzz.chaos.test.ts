import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN_CALL_CONTRACTS, CALL_CONTRACTS } from '@kabuto/schema/contracts';
import { reconcile } from '@kabuto/schema/db';
import {
  PASSWORD,
  quoteToyota,
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from '../support/test-gateway.ts';
import { reviewer } from '../support/funds-helpers.ts';
import type { CallDefinition } from '../../src/http/call.ts';
import { ADMIN_CALLS, CALLS, bodyFor, changed, rowCounts } from './support/catalogue.ts';

// Issue 22 item 5: a fast-check fuzz of every call in the catalogue (each module's wiring, as the
// gateway binds it), as a signed-in user with money, positions and orders, and every back-office
// call as an administrator: never a 5xx, and a refusal writes nothing (every table's row count is
// as it was), and the ledger reconciles at the end.
const RUNS = Number(process.env['KABUTO_FUZZ_RUNS'] ?? 8);
/** Tables a refusal may write by design: the audit of a refused staff action, failed logins. */
const WRITTEN_BY_REFUSALS = new Set(['audit_log', 'secret_attempt']);
let t: TestGateway;
let user: Session;
let staff: Awaited<ReturnType<typeof reviewer>>;

async function send(api: 'vue' | 'admin', path: string, body: Record<string, string>) {
  const headers: Record<string, string> =
    api === 'vue' ? { token: user.token, account: user.account } : { 'admin-token': staff.token };
  const response = await fetch(`${t.baseUrl}/api/${api}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  const text = await response.text();
  let envelope: { status?: number; msg?: string } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    // a file answer (a CSV, an upload)
  }
  return { http: response.status, status: envelope.status, msg: envelope.msg };
}

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
  await quoteToyota(t);
  user = await registerAndLogin(t);
  await t.call('user/paperfund', { currency: 'jpy', request_id: 'fuzz-grant-0001' }, user);
  await t.call(
    'trade/order',
    ...[{ symbol: '7203', side: 'long', kind: 'market', qty: '100', request_id: 'fuzz-ord-0001' }],
    user,
  );
  staff = await reviewer(t);
}, 60_000);

afterAll(async () => t?.close());

/** One call fuzzed: `RUNS` bodies, each answered below 500, each refusal without a write. */
async function fuzz(api: 'vue' | 'admin', call: CallDefinition): Promise<string[]> {
  const findings: string[] = [];
  await fc.assert(
    fc.asyncProperty(bodyFor(call), async (body) => {
      const before = await rowCounts(t.testDb.db);
      const answer = await send(api, call.path, body);
      if (answer.http >= 500) {
        findings.push(`${api}/${call.path} ${answer.http} ${JSON.stringify(body)}`);
      }
      if (answer.status === 0 || answer.http >= 400) {
        const wrote = changed(before, await rowCounts(t.testDb.db), WRITTEN_BY_REFUSALS);
        if (wrote.length) {
          findings.push(
            `${api}/${call.path} refused (${answer.msg}) but wrote ${wrote.join(', ')}: ${JSON.stringify(body)}`,
          );
        }
      }
    }),
    { numRuns: RUNS, seed: Number(process.env['KABUTO_FUZZ_SEED'] ?? 20261127) },
  );
  return findings;
}

/** Calls that end the caller's own session go last, so the others run signed in. */
const last = (path: string) => ['user/logout', 'logout', 'totp/setup'].includes(path);
const ordered = (calls: readonly CallDefinition[]) => [
  ...calls.filter((c) => !last(c.path)),
  ...calls.filter((c) => last(c.path)),
];

describe('a fuzz of every call', () => {
  it('covers the whole catalogue: every wired call and back-office call is bound and fuzzed', () => {
    expect(CALLS.map((c) => c.path).sort()).toEqual(Object.keys(CALL_CONTRACTS).sort());
    expect(ADMIN_CALLS.map((c) => c.path).sort()).toEqual(Object.keys(ADMIN_CALL_CONTRACTS).sort());
  });

  it('the app calls, as a user with money and a position: no 5xx, no write on a refusal', async () => {
    const findings: string[] = [];
    for (const call of ordered(CALLS)) {
      findings.push(...(await fuzz('vue', call)));
      // A call that signed the user out (or changed what signs in) leaves the next one a session.
      const check = await send('vue', 'user/getUserinfo', {});
      if (check.status !== 1) {
        user = {
          ...user,
          token: (await t.call('user/login', { account: user.account, password: PASSWORD })).body
            .data.token,
        };
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);

  it('the back-office calls, as an administrator: no 5xx, no write on a refusal', async () => {
    const findings: string[] = [];
    for (const call of ordered(ADMIN_CALLS)) findings.push(...(await fuzz('admin', call)));
    expect(findings).toEqual([]);
  }, 120_000);

  it('the ledger reconciles after it all', async () => {
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});
