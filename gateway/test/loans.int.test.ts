import { describe, expect, it } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import { accrueLoanInterest, reconcile } from '@kabuto/schema/db';
import { addTokyoDays, DEFAULT_LOAN_TERMS, tokyoDateOf } from '@kabuto/schema/loans';
import {
  admin,
  balance,
  credit,
  db,
  fund,
  inboxOf,
  journalOf,
  listen,
  type Received,
  quote7203,
  requestId,
  state,
  t,
  useLoanGateway,
  user,
} from './support/loans-suite.ts';

// Loans through the real gateway: apply, the back office's credit and decision (disbursement),
// repayment, the refusals (each with nothing changed), the limit under 50 parallel applications.
useLoanGateway();

const apply = (s: Awaited<ReturnType<typeof user>>, amount: string, rid = requestId()) =>
  t.call('loan/apply', { amount, request_id: rid }, s);

/** The payload of the first `loan:updated` a socket received with this status. */
const loanEvent = (events: Received[], status: string) =>
  events.find((e) => e.event === 'loan:updated' && e.payload['status'] === status)?.payload;

async function borrower(cash = '3000000', limit = '1000000') {
  const s = await user();
  await fund(s, cash);
  await credit(s, limit);
  return s;
}

async function passedLoan(amount = '1000000') {
  const s = await borrower();
  const applied = await apply(s, amount);
  expect(applied.body.msg).toBe('loan_ok');
  const loanId = String(applied.body.data.loan_id);
  const decided = await admin.call('loan/decide', { id: loanId, decision: 'approve' });
  expect(decided.body.msg).toBe('submit_ok');
  return { s, loanId };
}

describe('loan/apply', () => {
  it('a ¥1,000,000 application within the limit is under review: no money moves, loan_ok, a message and loan:updated', async () => {
    const s = await borrower();
    const events = await listen(s);
    const before = await state(s);
    const applied = await apply(s, '1000000');
    expect(applied.body).toMatchObject({
      status: 1,
      msg: 'loan_ok',
      data: { status: 'under_review' },
    });
    const after = await state(s);
    expect(after.money).toEqual(before.money);
    expect(after.counts[0]).toBe(before.counts[0]); // no journal
    expect(await inboxOf(s)).toEqual(['loan_applied']);
    await expect
      .poll(() => loanEvent(events, 'under_review'))
      .toMatchObject({
        loan_id: applied.body.data.loan_id,
        status: 'under_review',
        outstanding: '0',
      });
    const info = (await t.call('loan/info', { type: 'jpy' }, s)).body.data;
    expect(info).toMatchObject({
      credit_score: 720,
      limit: '1000000',
      borrowed: '0',
      available: '0', // one loan at a time: nothing more may be applied for while it is open
      rate: '3.9',
      day_count: 365,
      ltv: 50,
      status: 'under_review',
    });
  });

  it('while a loan is open nothing more may be applied for, so available and jpyyjed show ¥0 (limit ¥2,000,000, ¥500,000 borrowed); repaid, the whole limit is back', async () => {
    const s = await borrower('3000000', '2000000');
    const shown = async () => [
      (await t.call('loan/info', { type: 'jpy' }, s)).body.data.available,
      (await t.call('user/getUserinfo', { type: 'jpy' }, s)).body.data.jpyyjed,
    ];
    expect(await shown()).toEqual(['1500000', '1500000']); // 50% of ¥3,000,000 equity
    const loanId = String((await apply(s, '500000')).body.data.loan_id);
    expect(await shown()).toEqual(['0', '0']);
    expect((await apply(s, '1')).body.msg).toBe('loan_unpaid');
    const decided = await admin.call('loan/decide', { id: loanId, decision: 'approve' });
    expect(decided.body.msg).toBe('submit_ok');
    expect(await shown()).toEqual(['0', '0']);
    const repaid = await t.call(
      'loan/repay',
      { loan_id: loanId, amount: '500000', request_id: requestId() },
      s,
    );
    expect(repaid.body.data).toMatchObject({ status: 'repaid' });
    expect(await shown()).toEqual(['1500000', '1500000']);
  });

  it('user/getUserinfo jpyyjed is the unused limit in the display currency: ¥1,000,000, or $6,666.66 at 150 yen a dollar (rounded down)', async () => {
    const s = await borrower();
    const jpy = (await t.call('user/getUserinfo', { type: 'jpy' }, s)).body.data;
    expect(jpy.jpyyjed).toBe('1000000');
    await t.redis.hset(
      redisKeys(t.prefix).latestQuotes,
      'FX:USDJPY',
      JSON.stringify({
        symbol: 'FX:USDJPY',
        price: '150',
        change_rate: '0',
        volume: 0,
        seq: 1,
        ts: 0,
      }),
    );
    const usd = (await t.call('user/getUserinfo', { type: 'usd' }, s)).body.data;
    expect(usd.jpyyjed).toBe('6666.66');
    await t.redis.hdel(redisKeys(t.prefix).latestQuotes, 'FX:USDJPY');
  });

  it('refuses a non-positive-integer amount with credit_invalid (HTTP 400, bad input) and changes nothing', async () => {
    const s = await borrower();
    const before = await state(s);
    for (const amount of ['0', '-5', '1.5', 'abc', '1e3', '', ' ', '0x10', '99999999999999']) {
      const refused = await apply(s, amount);
      expect([refused.http, refused.body.status, refused.body.msg], amount).toEqual([
        400,
        0,
        'credit_invalid',
      ]);
    }
    expect(await state(s)).toEqual(before);
  });

  it('refuses above the available limit (back-office limit ¥1,000,000; no limit set = ¥0) with loan_limit_insufficient, nothing changed', async () => {
    const s = await borrower();
    const none = await user();
    await fund(none, '3000000');
    const before = [await state(s), await state(none)];
    expect((await apply(s, '1000001')).body.msg).toBe('loan_limit_insufficient');
    expect((await apply(none, '1')).body.msg).toBe('loan_limit_insufficient');
    expect([await state(s), await state(none)]).toEqual(before);
  });

  it('the collateral caps the limit at 50% of equity: ¥1,500,000 equity, ¥5,000,000 limit → ¥750,000 available; ¥750,001 refused', async () => {
    const s = await borrower('1500000', '5000000');
    expect((await t.call('loan/info', { type: 'jpy' }, s)).body.data.available).toBe('750000');
    const before = await state(s);
    expect((await apply(s, '750001')).body.msg).toBe('loan_limit_insufficient');
    expect(await state(s)).toEqual(before);
    expect((await apply(s, '750000')).body.msg).toBe('loan_ok');
  });

  it('loan_unpaid while a loan is under review or passed; a replay of the first request_id answers the first loan', async () => {
    const s = await borrower();
    const rid = requestId();
    const first = await apply(s, '400000', rid);
    const before = await state(s);
    expect((await apply(s, '400000', rid)).body).toEqual(first.body);
    expect((await apply(s, '1000')).body.msg).toBe('loan_unpaid');
    expect((await apply(s, '400001', rid)).body.msg).toBe('request_id_reused');
    expect(await state(s)).toEqual(before);
    await admin.call('loan/decide', { id: first.body.data.loan_id, decision: 'approve' });
    const passed = await state(s);
    expect((await apply(s, '1000')).body.msg).toBe('loan_unpaid');
    expect(await state(s)).toEqual(passed);
  });

  it('50 parallel applications of the whole limit make one loan: one loan_ok, 49 loan_unpaid, never more than the limit', async () => {
    const s = await borrower('3000000', '800000');
    const answers = await Promise.all(Array.from({ length: 50 }, () => apply(s, '800000')));
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === 'loan_ok')).toHaveLength(1);
    expect(msgs.filter((m) => m === 'loan_unpaid')).toHaveLength(49);
    const mine = (await t.call('loan/list', {}, s)).body.data as { amount: string }[];
    expect(mine.map((l) => l.amount)).toEqual(['800000']);
  });
});

describe('loan/decide (back office)', () => {
  it('pass disburses ¥1,000,000 in one loan_disbursed journal: loan −1,000,000, cash +1,000,000; debt in assets, jpyyjed shrinks, audited, live', async () => {
    const s = await borrower();
    const applied = await apply(s, '1000000');
    const loanId = String(applied.body.data.loan_id);
    const events = await listen(s);
    const listed = await admin.call('loan/list', { status: 'under_review' });
    // What the reviewer decides on: the limit, the collateral (¥3,000,000 cash) and what is left.
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        id: loanId,
        account: s.account,
        amount: '1000000',
        limit: '1000000',
        collateral: '3000000',
        available: '1000000',
      }),
    );
    const decided = await admin.call('loan/decide', { id: loanId, decision: 'approve' });
    expect(decided.body.msg).toBe('submit_ok');
    expect([await balance(s, 'cash'), await balance(s, 'loan')]).toEqual([4_000_000n, -1_000_000n]);
    const row = await db()
      .selectFrom('loan')
      .selectAll()
      .where('id', '=', BigInt(loanId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'passed', principal: 1_000_000n, accrued_interest: 0n });
    expect(await journalOf(row.disburse_journal_id as bigint)).toEqual({
      kind: 'loan_disbursed',
      memo: `Loan #${loanId} disbursed`,
      postings: [
        ['loan', 'JPY', -1_000_000n],
        ['cash', 'JPY', 1_000_000n],
      ],
    });
    const assets = (await t.call('user/assets', { type: 'jpy' }, s)).body.data;
    expect(assets).toMatchObject({ debt: '1000000', available: '4000000' });
    // limit ¥1,000,000 − outstanding ¥1,000,000 = ¥0 left
    const info = (await t.call('user/getUserinfo', { type: 'jpy' }, s)).body.data;
    expect(info.jpyyjed).toBe('0');
    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('subject', '=', `loan:${loanId}`)
      .execute();
    expect(audits).toEqual([{ action: 'loan.approve', subject: `loan:${loanId}` }]);
    await expect
      .poll(() => loanEvent(events, 'passed'))
      .toMatchObject({ loan_id: loanId, status: 'passed', outstanding: '1000000' });
    expect(await inboxOf(s)).toEqual(['loan_applied', 'loan_passed']);
    const again = await admin.call('loan/decide', { id: loanId, decision: 'reject', reason: 'x' });
    expect(again.body.msg).toBe('not_found');
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('reject moves nothing, says why, and frees the user to apply again', async () => {
    const s = await borrower();
    const applied = await apply(s, '500000');
    const before = await state(s);
    const rejected = await admin.call('loan/decide', {
      id: applied.body.data.loan_id,
      decision: 'reject',
      reason: 'income not verified',
    });
    expect(rejected.body.msg).toBe('submit_ok');
    const after = await state(s);
    expect(after.money).toEqual(before.money);
    expect(after.counts[0]).toBe(before.counts[0]);
    const mine = (await t.call('loan/list', {}, s)).body.data;
    expect(mine[0]).toMatchObject({ status: 'rejected', outstanding: '0' });
    expect((await apply(s, '500000')).body.msg).toBe('loan_ok');
  });

  it('pass is refused with loan_limit_insufficient when the collateral fell since the application (a position lost value), nothing changed', async () => {
    const s = await borrower('1000000', '5000000');
    await quote7203('2850');
    const opened = await t.call(
      'trade/order',
      {
        symbol: '7203',
        side: 'long',
        kind: 'market',
        qty: '200',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    expect(opened.body.status).toBe(1);
    const cap = (await t.call('loan/info', { type: 'jpy' }, s)).body.data.available as string;
    const applied = await apply(s, cap);
    expect(applied.body.msg).toBe('loan_ok');
    await quote7203('1425'); // −¥285,000 on the position
    const before = await state(s);
    const refused = await admin.call('loan/decide', {
      id: applied.body.data.loan_id,
      decision: 'approve',
    });
    expect(refused.body.msg).toBe('loan_limit_insufficient');
    expect(await state(s)).toEqual(before);
  });
});

describe('loan/repay', () => {
  it('repays the whole outstanding in one loan_repaid journal (cash → loan), status repaid; the loan account is back to 0', async () => {
    const { s, loanId } = await passedLoan();
    // 30 days of the interest job's accrual (the workers' job calls the same function)
    const first = tokyoDateOf(Date.now());
    for (let day = 0; day < 30; day++) {
      const date = addTokyoDays(first, day);
      await accrueLoanInterest(db(), { date, terms: DEFAULT_LOAN_TERMS, nowMs: Date.now() });
    }
    expect(await balance(s, 'loan')).toBe(-1_003_210n);
    const events = await listen(s);
    const before = await state(s);
    const small = await t.call(
      'loan/repay',
      { loan_id: loanId, amount: '1003209', request_id: requestId() },
      s,
    );
    expect(small.body.msg).toBe('repayment_too_small');
    expect(await state(s)).toEqual(before);
    const repaid = await t.call(
      'loan/repay',
      { loan_id: loanId, amount: '1003210', request_id: requestId() },
      s,
    );
    expect(repaid.body).toMatchObject({ status: 1, data: { status: 'repaid' } });
    const row = await db()
      .selectFrom('loan')
      .selectAll()
      .where('id', '=', BigInt(loanId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'repaid', principal: 0n, accrued_interest: 3_210n });
    expect(row.repaid_at).not.toBeNull();
    expect(await journalOf(row.repay_journal_id as bigint)).toEqual({
      kind: 'loan_repaid',
      memo: `Loan #${loanId} repaid`,
      postings: [
        ['cash', 'JPY', -1_003_210n],
        ['loan', 'JPY', 1_003_210n],
      ],
    });
    expect([await balance(s, 'cash'), await balance(s, 'loan')]).toEqual([2_996_790n, 0n]);
    expect((await reconcile(db())).breaches).toEqual([]);
    await expect
      .poll(() => loanEvent(events, 'repaid'))
      .toMatchObject({ loan_id: loanId, status: 'repaid', outstanding: '0' });
    expect((await t.call('loan/list', {}, s)).body.data[0]).toMatchObject({
      status: 'repaid',
      outstanding: '0',
      interest: '3210',
    });
  });

  it('repaying charges first the days the daily job has not posted: disbursed two days ago, no job run → ¥214 (2 × ¥107) before repaying ¥1,000,214', async () => {
    const { s, loanId } = await passedLoan();
    await db()
      .updateTable('loan')
      .set({ decided_at: Date.now() - 2 * 86_400_000 })
      .where('id', '=', BigInt(loanId))
      .execute();
    const before = await state(s);
    const small = await t.call(
      'loan/repay',
      { loan_id: loanId, amount: '1000213', request_id: requestId() },
      s,
    );
    expect(small.body.msg).toBe('repayment_too_small');
    expect(await state(s)).toEqual(before);
    const repaid = await t.call(
      'loan/repay',
      { loan_id: loanId, amount: '1000214', request_id: requestId() },
      s,
    );
    expect(repaid.body.data).toEqual({ status: 'repaid' });
    const accruals = await db()
      .selectFrom('loan_interest_accrual')
      .select('amount')
      .where('loan_id', '=', BigInt(loanId))
      .execute();
    expect(accruals.map((a) => a.amount)).toEqual([107n, 107n]);
    expect([await balance(s, 'cash'), await balance(s, 'loan')]).toEqual([2_999_786n, 0n]);
    expect((await t.call('loan/list', {}, s)).body.data[0]).toMatchObject({
      status: 'repaid',
      interest: '214',
    });
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('20 parallel repayments of one loan repay it once: one ok, 19 loan_not_repayable, cash debited once', async () => {
    const { s, loanId } = await passedLoan();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('loan/repay', { loan_id: loanId, amount: '1000000', request_id: requestId() }, s),
      ),
    );
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === 'ok')).toHaveLength(1);
    expect(msgs.filter((m) => m === 'loan_not_repayable')).toHaveLength(19);
    expect([await balance(s, 'cash'), await balance(s, 'loan')]).toEqual([3_000_000n, 0n]);
    const journals = await db()
      .selectFrom('journal')
      .select('id')
      .where('kind', '=', 'loan_repaid')
      .where('reference', '=', `loan:${loanId}`)
      .execute();
    expect(journals).toHaveLength(1);
  });

  it('refusals change nothing: cash short (balance_insufficient), not passed (loan_not_repayable), someone else’s (not_found), bad amount (credit_invalid)', async () => {
    const { s, loanId } = await passedLoan();
    const other = await borrower();
    const pending = await apply(other, '1000');
    const repay = (who: typeof s, id: string, amount: string) =>
      t.call('loan/repay', { loan_id: id, amount, request_id: requestId() }, who);
    // cash spent on a position: ¥4,000,000 − 1,300 × ¥2,850 (and fees) is short of ¥1,000,000
    await quote7203('2850');
    const opened = await t.call(
      'trade/order',
      {
        symbol: '7203',
        side: 'long',
        kind: 'market',
        qty: '1300',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    expect(opened.body.status).toBe(1);
    const before = await state(s);
    expect((await repay(other, loanId, '1000000')).body.msg).toBe('not_found');
    expect((await repay(other, String(pending.body.data.loan_id), '1000')).body.msg).toBe(
      'loan_not_repayable',
    );
    expect((await repay(s, loanId, '-1')).body.msg).toBe('credit_invalid');
    expect((await repay(s, loanId, '1000000')).body.msg).toBe('balance_insufficient');
    expect(await state(s)).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers 400 invalid_param for malformed fields, and the back office refuses an unknown account; nothing changed', async () => {
    const s = await borrower();
    const before = await state(s);
    const noRequestId = await t.call('loan/apply', { amount: '1000' }, s);
    expect([noRequestId.http, noRequestId.body.msg]).toEqual([400, 'invalid_param']);
    const badId = await t.call(
      'loan/repay',
      { loan_id: 'abc', amount: '1000', request_id: requestId() },
      s,
    );
    expect([badId.http, badId.body.msg]).toEqual([400, 'invalid_param']);
    const unknown = await admin.call('loan/credit', {
      account: 'nobody@example.jp',
      credit_score: '700',
      limit: '1000',
    });
    expect(unknown.body.msg).toBe('account_not_found');
    const negative = await admin.call('loan/credit', {
      account: s.account,
      credit_score: '700',
      limit: '-1',
    });
    expect([negative.http, negative.body.msg]).toEqual([400, 'invalid_param']);
    const noReason = await admin.call('loan/decide', { id: '1', decision: 'reject' });
    expect([noReason.http, noReason.body.msg]).toEqual([400, 'invalid_param']);
    const missing = await admin.call('loan/decide', { id: '999999', decision: 'approve' });
    expect(missing.body.msg).toBe('not_found');
    expect(await state(s)).toEqual(before);
  });
});
