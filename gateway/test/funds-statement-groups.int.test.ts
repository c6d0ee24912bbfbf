import { describe, expect, it } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import { accrueLoanInterest, reconcile } from '@kabuto/schema/db';
import { STATEMENT_GROUP_NAMES, type StatementGroup } from '@kabuto/schema/domain';
import { DEFAULT_LOAN_TERMS, endOfTokyoDateMs, tokyoDateOf } from '@kabuto/schema/loans';
import { download } from './support/funds-helpers.ts';
import type { Session } from './support/test-gateway.ts';
import {
  admin,
  createListing,
  db,
  fund,
  mine,
  now,
  openWindow,
  requestId,
  setNow,
  t,
  useIpoGateway,
  user,
  writeDraw,
} from './support/ipo-suite.ts';

// The statement filtered by group (deposits, trades, new shares, intraday, added margin, loans,
// virtual funds, …) over HTTP on the real gateway: a user who paid for a new share, borrowed
// (disbursement, a day's interest, repayment), applied for intraday trading and added margin
// to a position finds each movement under its group and under no other, on screen and in CSV.
useIpoGateway();

interface Row {
  journal_id: string;
  kind: string;
  currency: string;
  amount: string;
  balance: string;
}

const records = async (s: Session, body: Record<string, string> = {}) => {
  const answer = await t.call('fund/records', body, s);
  expect(answer.body.msg).toBe('ok');
  return answer.body.data as Row[];
};
const sumOf = (rows: readonly Row[]) => rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
const kindsOf = (rows: readonly Row[]) => rows.map((r) => r.kind);

async function cashOf(s: Session): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_account')
    .innerJoin('app_user', 'app_user.id', 'ledger_account.user_id')
    .select('ledger_account.balance')
    .where('app_user.account', '=', s.account)
    .where('ledger_account.kind', '=', 'cash')
    .where('ledger_account.currency', '=', 'JPY')
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Toyota at ¥2,850 in the feed's latest hash, as the feed writes it. */
async function quoteToyota(): Promise<void> {
  const snapshot = {
    symbol: '7203',
    price: '2850',
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
    open: '2850',
    high: '2850',
    low: '2850',
    prev_close: '2850',
    turnover: '0',
    limit_up: '3350',
    limit_down: '2350',
    phase: 'continuous',
    date: '2026-11-20',
    source: 'test',
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
}

/** Long 100 × 7203 ×5 (position_open), then ¥9,000 of added margin on it (credit_add). */
async function tradeAndAddMargin(s: Session): Promise<void> {
  await quoteToyota();
  const opened = await t.call(
    'trade/order',
    {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '5',
      request_id: requestId(),
    },
    s,
  );
  expect(opened.body.status).toBe(1);
  const added = await t.call(
    'trade/addcredit',
    { position_id: String(opened.body.data.position_id), amount: '9000', request_id: requestId() },
    s,
  );
  expect(added.body.status).toBe(1);
}

/** ¥1,000,000 lent, a day's interest (¥107 at 3.9%) accrued by the job's function, repaid whole. */
async function borrowAndRepay(s: Session): Promise<void> {
  const limit = { account: s.account, credit_score: '720', limit: '1000000' };
  expect((await admin.call('loan/credit', limit)).body.msg).toBe('modify_ok');
  const applied = await t.call('loan/apply', { amount: '1000000', request_id: requestId() }, s);
  expect(applied.body.msg).toBe('loan_ok');
  const loanId = String(applied.body.data.loan_id);
  const passed = await admin.call('loan/decide', { id: loanId, decision: 'approve' });
  expect(passed.body.msg).toBe('submit_ok');
  const date = tokyoDateOf(now());
  await accrueLoanInterest(db(), {
    date,
    terms: DEFAULT_LOAN_TERMS,
    nowMs: endOfTokyoDateMs(date),
  });
  const info = (await t.call('loan/info', { type: 'jpy' }, s)).body.data;
  expect(info.loan).toMatchObject({ outstanding: '1000107', interest: '107' });
  const repaid = await t.call(
    'loan/repay',
    { loan_id: loanId, amount: '1000107', request_id: requestId() },
    s,
  );
  expect(repaid.body.status).toBe(1);
}

/** A JP listing won (1 lot of 100 at ¥1,500) and paid: ipo_payment −¥150,000. */
async function winAndPayNewShare(s: Session): Promise<void> {
  const { id, terms } = await createListing({ lots_offered: '3' });
  openWindow(terms);
  const subscribed = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
  expect(subscribed.body.msg).toBe('subscribe_ok');
  setNow(Number(terms['draw_at']));
  await writeDraw(id);
  const won = await mine(s, id);
  const paid = await t.call(
    'ipo/pay',
    { subscription_id: String(won?.subscription_id), request_id: requestId() },
    s,
  );
  expect(paid.body.msg).toBe('payment_ok');
}

/** One user with a movement of every newer product, plus the paper grant they started from. */
async function userWithEveryProduct(): Promise<Session> {
  const s = await user();
  await fund(s, '3000000');
  await tradeAndAddMargin(s);
  await borrowAndRepay(s);
  const intraday = await t.call(
    'intraday/apply',
    { currency: 'JPY', amount: '200000', request_id: requestId() },
    s,
  );
  expect(intraday.body.status).toBe(1);
  await winAndPayNewShare(s);
  return s;
}

describe('the statement by group', () => {
  it('shows each movement under its own group and no other, with exact totals and true balances; CSV the same', async () => {
    const s = await userWithEveryProduct();
    const all = await records(s);
    expect(sumOf(all)).toBe(await cashOf(s));
    const byGroup = new Map<StatementGroup, Row[]>();
    for (const group of STATEMENT_GROUP_NAMES) byGroup.set(group, await records(s, { group }));
    // Every row of "all" is under exactly one group, unchanged (its balance is the true cash after it).
    const grouped = [...byGroup.values()].flat();
    expect(grouped).toHaveLength(all.length);
    expect([...grouped].sort((a, b) => Number(b.journal_id) - Number(a.journal_id))).toEqual(all);

    expect(kindsOf(byGroup.get('new_shares') ?? [])).toEqual(['ipo_payment']);
    expect(sumOf(byGroup.get('new_shares') ?? [])).toBe(-150_000n);
    expect(kindsOf(byGroup.get('intraday') ?? [])).toEqual(['intraday_hold']);
    expect(sumOf(byGroup.get('intraday') ?? [])).toBe(-200_000n);
    expect(kindsOf(byGroup.get('margin') ?? [])).toEqual(['credit_add']);
    expect(sumOf(byGroup.get('margin') ?? [])).toBe(-9_000n);
    // The loan's cash: +1,000,000 lent, −1,000,107 repaid; the group's total is the interest paid.
    // (The daily interest itself grows the debt, not cash: the loan records show it.)
    const loans = byGroup.get('loans') ?? [];
    expect(loans.map((r) => [r.kind, r.amount])).toEqual([
      ['loan_repaid', '-1000107'],
      ['loan_disbursed', '1000000'],
    ]);
    expect(sumOf(loans)).toBe(-107n);
    expect(kindsOf(byGroup.get('trades') ?? [])).toEqual(['position_open']);
    expect(kindsOf(byGroup.get('virtual_funds') ?? [])).toEqual(['paper_grant']);
    expect(sumOf(byGroup.get('virtual_funds') ?? [])).toBe(3_000_000n);
    for (const group of ['deposits', 'withdrawals', 'exchange'] as const) {
      expect(byGroup.get(group), group).toEqual([]);
    }
    // A group narrowed to one kind, and a kind outside the group: nothing.
    expect(kindsOf(await records(s, { group: 'loans', kind: 'loan_disbursed' }))).toEqual([
      'loan_disbursed',
    ]);
    expect(await records(s, { group: 'loans', kind: 'ipo_payment' })).toEqual([]);
    // `kind` alone still filters as it did.
    expect(kindsOf(await records(s, { kind: 'credit_add' }))).toEqual(['credit_add']);

    const headers = { token: s.token, account: s.account };
    const csv = await download(t, 'fund/records.csv', { group: 'loans' }, headers);
    expect(csv.http).toBe(200);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,loan_repaid,.*,JPY,-1000107,/);
    expect(lines[2]).toMatch(/,loan_disbursed,.*,JPY,1000000,/);
    const newShares = await download(t, 'fund/records.csv', { group: 'new_shares' }, headers);
    const shareLines = newShares.bytes.toString('utf8').trim().split('\r\n');
    expect(shareLines.slice(1).map((l) => l.split(',')[2])).toEqual(['ipo_payment']);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('refuses an unknown group with 400 invalid_param naming the field, as it refuses an unknown kind', async () => {
    const s = await user();
    for (const body of [{ group: 'lottery' }, { group: 'all' }, { kind: 'lottery' }]) {
      const refused = await t.call('fund/records', body, s);
      expect(refused.http).toBe(400);
      expect(refused.body).toMatchObject({ status: 0, msg: 'invalid_param' });
      expect(Object.keys(refused.body.data.fields)).toEqual(Object.keys(body));
    }
    const csv = await download(
      t,
      'fund/records.csv',
      { group: 'lottery' },
      { token: s.token, account: s.account },
    );
    expect(csv.http).toBe(400);
    expect(JSON.parse(csv.bytes.toString('utf8'))).toMatchObject({ msg: 'invalid_param' });
  });

  it('the API document lists the groups for both calls', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, any> } } }>;
    };
    for (const path of ['/api/vue/fund/records', '/api/vue/fund/records.csv']) {
      const body = doc.paths[path]?.post.requestBody.content['application/json'].schema;
      expect(body.properties.group.enum, path).toEqual(STATEMENT_GROUP_NAMES);
    }
  });
});
