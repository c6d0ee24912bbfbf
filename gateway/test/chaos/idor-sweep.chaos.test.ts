import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  PASSWORD,
  quoteToyota,
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from '../support/test-gateway.ts';
import { CALLS, changed, fieldsOf, plausible, rowCounts } from './support/catalogue.ts';

// Issue 22 item 5: an IDOR sweep. User A owns rows (orders, a position, sessions, a deposit, a
// bank card, a loan and intraday application, messages...); user B, signed in and owning nothing
// of the kind, calls every app call that takes an id (`id` or `*_id`) with each of A's ids. B must
// be refused wherever the id names something of A's, must never see A's data (A's account, card,
// name, ids' contents) in any answer, and nothing may be written.
let t: TestGateway;
let a: Session;
let b: Session;

/** Calls whose id names something public (a listing, an offer, a product, an article, a channel). */
const PUBLIC_IDS = new Set([
  'ipo/detail',
  'ipo/proof',
  'block/detail',
  'block/proof',
  'product/detail',
  'news/info',
  'fund/channel',
]);
/** Fields that carry ids but never an object's: the caller's own idempotency key. */
const NOT_AN_OBJECT = new Set(['request_id', 'quote_id']);

const CARD = {
  holder_kana: 'チャオス タロウ',
  bank_name: 'みずほ銀行',
  branch_name: '東京営業部',
  branch_code: '001',
  card_type: 'ordinary',
  account_number: '7654321',
};

async function userId(session: Session): Promise<number> {
  const row = await t.testDb.db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', session.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every id of every row a user owns, over every table that has a `user_id` column. */
async function idsOwnedBy(owner: number): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const table of await t.testDb.db.introspection.getTables()) {
    const columns = table.columns.map((c) => c.name);
    if (!columns.includes('user_id') || !columns.includes('id')) continue;
    const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(
      table.name,
    )} where user_id = ${owner}`.execute(t.testDb.db);
    for (const row of rows) ids.add(String(row.id));
  }
  return ids;
}

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
  await quoteToyota(t);
  b = await registerAndLogin(t); // first: B's few rows take the low ids
  a = await registerAndLogin(t);
  await t.call('user/login', { account: a.account, password: PASSWORD }); // a second session of A's
  // A's rows: money, a position, a resting order, a deposit, a card, a loan, an intraday
  // application (each call that can make one; one that is refused makes nothing, the sweep goes on).
  await t.call('user/paperfund', { currency: 'jpy', request_id: 'idor-grant-0001' }, a);
  const order = { symbol: '7203', side: 'long', qty: '100', leverage: '2' };
  for (let i = 0; i < 8; i += 1) {
    const kind = i % 2 === 0 ? { kind: 'market' } : { kind: 'limit', price: String(2000 + i) };
    await t.call('trade/order', { ...order, ...kind, request_id: `idor-ord-0000${i}` }, a);
  }
  const channels = await t.call('fund/channels', {}, a);
  const channel = (channels.body.data as Array<{ id: number }> | null)?.[0];
  if (channel) {
    await t.call(
      'fund/deposit',
      { channel_id: String(channel.id), amount: '10000', request_id: 'idor-dep-00001' },
      a,
    );
  }
  await t.call('bank/add', CARD, a);
  await t.call('loan/apply', { amount: '100000', request_id: 'idor-loan-0001' }, a);
  await t.call(
    'intraday/apply',
    { currency: 'JPY', amount: '100000', request_id: 'idor-intr-0001' },
    a,
  );
}, 60_000);

afterAll(async () => t?.close());

describe('an IDOR sweep of every call that takes an id', () => {
  it('user B with each of A’s ids: refused where the id is A’s, never A’s data, nothing written', async () => {
    const ownerA = await userId(a);
    const ownerB = await userId(b);
    const idsOfB = await idsOwnedBy(ownerB);
    // A's ids that are not also B's own (B owns a session and little else).
    const idsOfA = [...(await idsOwnedBy(ownerA))].filter((id) => !idsOfB.has(id));
    expect(idsOfA.length).toBeGreaterThanOrEqual(5);
    const markers = [a.account, CARD.account_number, CARD.holder_kana, 'idor-ord-0000'];
    const idCalls = CALLS.filter((call) =>
      Object.keys(fieldsOf(call)).some(
        (f) => (f === 'id' || f.endsWith('_id')) && !NOT_AN_OBJECT.has(f),
      ),
    );
    expect(idCalls.length).toBeGreaterThanOrEqual(20);
    const findings: string[] = [];
    let tried = 0;
    for (const call of idCalls) {
      const fields = fieldsOf(call);
      for (const id of idsOfA) {
        // The other fields: their first plausible value, or a small amount/number.
        const body: Record<string, string> = {};
        for (const [name, schema] of Object.entries(fields)) {
          if ((name === 'id' || name.endsWith('_id')) && !NOT_AN_OBJECT.has(name)) body[name] = id;
          else if (name === 'request_id') {
            body[name] = `idor-${call.path.replace(/\W/g, '')}-${id}`.slice(0, 64).padEnd(8, '0');
          } else {
            const likely = plausible(schema);
            if (likely[0] !== undefined) body[name] = likely[0];
            else if (/amount|qty|lots/.test(name)) body[name] = '100';
          }
        }
        const before = await rowCounts(t.testDb.db);
        const response = await fetch(`${t.baseUrl}/api/vue/${call.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            token: b.token,
            account: b.account,
          },
          body: new URLSearchParams(body).toString(),
        });
        const text = await response.text();
        tried += 1;
        let envelope: { status?: number; msg?: string } = {};
        try {
          envelope = JSON.parse(text) as typeof envelope;
        } catch {
          // a file answer
        }
        const label = `${call.path} ${JSON.stringify(body)} → ${response.status} ${envelope.msg ?? text.slice(0, 80)}`;
        if (response.status >= 500) findings.push(`5xx: ${label}`);
        const leaked = markers.filter((m) => text.includes(m));
        if (leaked.length) findings.push(`leaks ${leaked.join(', ')}: ${label}`);
        if (!PUBLIC_IDS.has(call.path) && envelope.status === 1 && response.status < 400) {
          findings.push(`answered: ${label}`);
        }
        const wrote = changed(before, await rowCounts(t.testDb.db), new Set(['audit_log']));
        if (wrote.length && envelope.status !== 1) {
          findings.push(`wrote ${wrote.join(', ')}: ${label}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  }, 120_000);
});
