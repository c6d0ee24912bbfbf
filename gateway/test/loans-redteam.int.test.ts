import { describe, expect, it } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import { postJournal, reconcile, writeTransaction } from '@kabuto/schema/db';
import { journalMemo, platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { PASSWORD, type Session } from './support/test-gateway.ts';
import {
  balance,
  db,
  fxQuote,
  readyToWithdraw,
  requestId,
  review,
  t,
  useFundsGateway,
} from './support/funds-suite.ts';

// Red team of the loans module: the collateral behind a loan must stay in the account. A user who
// borrows against ¥300,000 must not walk away with the cash and the loan cash (an unsecured loan),
// and money already on its way out (a withdrawal held for review) is no collateral.
useFundsGateway();

async function borrowerWithCard(limit = '1000000'): Promise<{ s: Session; cardId: string }> {
  const { s, cardId } = await readyToWithdraw();
  await t.call(
    'user/setFundPassword',
    { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
    s,
  );
  const set = await review.call('loan/credit', {
    account: s.account,
    credit_score: '700',
    limit,
  });
  expect(set.body.msg).toBe('modify_ok');
  return { s, cardId };
}

const withdraw = (s: Session, cardId: string, amount: string) =>
  t.call(
    'fund/withdraw',
    { card_id: cardId, amount, fund_password: '246810', request_id: requestId() },
    s,
  );

const apply = (s: Session, amount: string) =>
  t.call('loan/apply', { amount, request_id: requestId() }, s);

async function passed(s: Session, amount: string): Promise<string> {
  const applied = await apply(s, amount);
  expect(applied.body.msg).toBe('loan_ok');
  const id = String(applied.body.data.loan_id);
  expect((await review.call('loan/decide', { id, decision: 'approve' })).body.msg).toBe(
    'submit_ok',
  );
  return id;
}

/** What a refused withdrawal must leave alone. */
async function money(s: Session) {
  const rows = await db()
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    cash: await balance(s, 'cash', 'JPY'),
    held: await balance(s, 'hold:withdrawal', 'JPY'),
    loan: await balance(s, 'loan', 'JPY'),
    withdrawals: Number(rows.n),
    journals: Number(
      (
        await db()
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

describe('red team: the collateral stays while a loan is outstanding', () => {
  it('borrowing ¥150,000 on ¥300,000 then withdrawing all ¥450,000 is refused with loan_unpaid, nothing changed; ¥150,000 (debt still 50% of equity) may go', async () => {
    const { s, cardId } = await borrowerWithCard();
    await passed(s, '150000');
    const before = await money(s);
    expect(before.cash).toBe(450_000n);
    for (const amount of ['450000', '150001']) {
      const refused = await withdraw(s, cardId, amount);
      expect([refused.http, refused.body.status, refused.body.msg], amount).toEqual([
        200,
        0,
        'loan_unpaid',
      ]);
    }
    expect(await money(s)).toEqual(before);
    // ¥150,000 leaves ¥300,000 of equity excluding debt: the ¥150,000 debt is exactly 50% of it.
    expect((await withdraw(s, cardId, '150000')).body.msg).toBe('withdraw_ok');
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a withdrawal held for review is no collateral: ¥300,000 held leaves ¥0 to borrow (loan/info and apply), nothing changed by the refusal', async () => {
    const { s, cardId } = await borrowerWithCard();
    expect((await withdraw(s, cardId, '300000')).body.msg).toBe('withdraw_ok');
    const info = (await t.call('loan/info', { type: 'jpy' }, s)).body.data;
    expect(info.available).toBe('0');
    const before = await money(s);
    const loans = await db().selectFrom('loan').selectAll().execute();
    expect((await apply(s, '150000')).body.msg).toBe('loan_limit_insufficient');
    expect(await money(s)).toEqual(before);
    expect(await db().selectFrom('loan').selectAll().execute()).toEqual(loans);
  });

  it('a withdrawal held after the application is not counted when the back office passes it: loan_limit_insufficient, nothing disbursed', async () => {
    const { s, cardId } = await borrowerWithCard();
    const applied = await apply(s, '150000');
    expect(applied.body.msg).toBe('loan_ok');
    expect((await withdraw(s, cardId, '200000')).body.msg).toBe('withdraw_ok');
    const before = await money(s);
    const id = String(applied.body.data.loan_id);
    const decided = await review.call('loan/decide', { id, decision: 'approve' });
    expect(decided.body.msg).toBe('loan_limit_insufficient');
    expect(await money(s)).toEqual(before);
    const loan = await db()
      .selectFrom('loan')
      .select('status')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(loan.status).toBe('under_review');
  });

  it('jpyyjed never shows more than can be borrowed: ¥100,000 at 150 yen a dollar is $666.66 (rounded down), ¥1 is $0', async () => {
    const { s } = await borrowerWithCard('1');
    await fxQuote('USD', '150');
    const one = (await t.call('user/getUserinfo', { type: 'usd' }, s)).body.data;
    expect(Number(one.jpyyjed)).toBe(0);
    const big = await borrowerWithCard('100000');
    // ¥100,000 (limit; the cap is ¥150,000) / 150 = 666.666… dollars.
    const usd = (await t.call('user/getUserinfo', { type: 'usd' }, big.s)).body.data;
    expect(usd.jpyyjed).toBe('666.66');
  });
});

describe('red team: what the screen shows is what repays', () => {
  it('the days the daily job has not posted yet show in loan/info and loan/list: disbursed 2 days ago, ¥100,000 owes ¥100,022 (2 × ¥11), and repaying exactly that figure works', async () => {
    const { s } = await borrowerWithCard();
    const id = await passed(s, '100000');
    await db()
      .updateTable('loan')
      .set({ decided_at: Date.now() - 2 * 86_400_000 })
      .where('id', '=', BigInt(id))
      .execute();
    const info = (await t.call('loan/info', { type: 'jpy' }, s)).body.data;
    expect([info.borrowed, info.loan.outstanding, info.loan.interest]).toEqual([
      '100022',
      '100022',
      '22',
    ]);
    const listed = (await t.call('loan/list', {}, s)).body.data[0];
    expect([listed.outstanding, listed.interest]).toEqual(['100022', '22']);
    const repaid = await t.call(
      'loan/repay',
      { loan_id: id, amount: info.loan.outstanding, request_id: requestId() },
      s,
    );
    expect(repaid.body).toMatchObject({ msg: 'ok', data: { status: 'repaid' } });
    expect(await balance(s, 'loan', 'JPY')).toBe(0n);
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});

/** A visible paper grant of `yen` (the way `user/paperfund` posts it), for collateral in the trillions. */
async function grant(s: Session, yen: bigint): Promise<void> {
  const user = await db()
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  await writeTransaction(db(), async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        ...journalMemo('paper_grant'),
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(Number(user.id), 'cash', 'JPY'),
          amountMinor: yen,
        }),
      },
      Date.now(),
    );
  });
}

async function quote7203(price: string | null): Promise<void> {
  const key = redisKeys(t.prefix).latestQuotes;
  if (price === null) {
    await t.redis.hdel(key, '7203');
    return;
  }
  const snapshot = { symbol: '7203', price, change_rate: '0.00', volume: 0, seq: 1, ts: 0 };
  await t.redis.hset(key, '7203', JSON.stringify(snapshot));
}

describe('red team: prices only from the feed', () => {
  it('a position the feed has no price for is no collateral at its opening price: with 7203 at ¥1,425 (−¥142,500) the limit shrinks, and when the quote goes missing nothing is lent (available 0, apply refused, nothing written)', async () => {
    const { s } = await borrowerWithCard('5000000');
    await quote7203('2850');
    const order = { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' };
    const opened = await t.call('trade/order', { ...order, request_id: requestId() }, s);
    expect(opened.body.status).toBe(1);
    await quote7203('1425');
    const low = BigInt((await t.call('loan/info', { type: 'jpy' }, s)).body.data.available);
    await quote7203(null);
    const info = (await t.call('loan/info', { type: 'jpy' }, s)).body.data;
    expect([low, info.available]).toEqual([78_750n, '0']);
    const loans = await db().selectFrom('loan').selectAll().execute();
    expect((await apply(s, String(low + 1n))).body.msg).toBe('loan_limit_insufficient');
    expect(await db().selectFrom('loan').selectAll().execute()).toEqual(loans);
  });
});

describe('red team: the largest loan', () => {
  it('a ¥1,000,000,000,000 loan (the largest allowed) stays repayable once interest takes it past ¥1,000,000,000,000: one day (¥106,849,315) later it repays ¥1,000,106,849,315', async () => {
    const { s } = await borrowerWithCard('1000000000000');
    await grant(s, 2_000_000_000_000n);
    const id = await passed(s, '1000000000000');
    await db()
      .updateTable('loan')
      .set({ decided_at: Date.now() - 86_400_000 })
      .where('id', '=', BigInt(id))
      .execute();
    const owed = (await t.call('loan/info', { type: 'jpy' }, s)).body.data.loan.outstanding;
    expect(owed).toBe('1000106849315');
    const repaid = await t.call(
      'loan/repay',
      { loan_id: id, amount: owed, request_id: requestId() },
      s,
    );
    expect(repaid.body).toMatchObject({ msg: 'ok', data: { status: 'repaid' } });
    expect(await balance(s, 'loan', 'JPY')).toBe(0n);
  });
});

describe('red team: the wire', () => {
  it('a request_id replayed with another amount is refused and makes no second loan; admin loan calls without a session are refused, nothing written', async () => {
    const { s } = await borrowerWithCard();
    const rid = requestId();
    const first = await t.call('loan/apply', { amount: '1000', request_id: rid }, s);
    expect(first.body.msg).toBe('loan_ok');
    const loans = await db().selectFrom('loan').selectAll().execute();
    const replay = await t.call('loan/apply', { amount: '2000', request_id: rid }, s);
    expect(replay.http).toBeLessThan(500);
    expect(replay.body.status).toBe(0);
    expect(await db().selectFrom('loan').selectAll().execute()).toEqual(loans);
    const audits = await db().selectFrom('audit_log').selectAll().execute();
    for (const [path, body] of [
      ['loan/decide', { id: first.body.data.loan_id, decision: 'approve' }],
      ['loan/credit', { account: s.account, credit_score: '1', limit: '999999999' }],
      ['loan/list', {}],
    ] as const) {
      const response = await fetch(`${t.baseUrl}/api/admin/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'admin-token': 'x' },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    expect(await db().selectFrom('loan').selectAll().execute()).toEqual(loans);
    expect(await db().selectFrom('audit_log').selectAll().execute()).toEqual(audits);
  });

  it('malformed amounts and ids are 4xx, never 500: arrays, objects, huge numbers, 2^64 loan ids (JSON bodies)', async () => {
    const { s } = await borrowerWithCard();
    const loans = await db().selectFrom('loan').selectAll().execute();
    const bad = [
      ['loan/apply', { amount: [1000], request_id: requestId() }],
      ['loan/apply', { amount: { a: 1 }, request_id: requestId() }],
      ['loan/apply', { amount: 1e21, request_id: requestId() }],
      ['loan/apply', { amount: 2 ** 63, request_id: requestId() }],
      ['loan/apply', { amount: '１０００', request_id: requestId() }],
      ['loan/repay', { loan_id: '18446744073709551616', amount: '1', request_id: requestId() }],
      ['loan/repay', { loan_id: 1.5, amount: '1', request_id: requestId() }],
      ['loan/repay', { loan_id: -1, amount: '1', request_id: requestId() }],
    ] as const;
    for (const [path, body] of bad) {
      const response = await fetch(`${t.baseUrl}/api/vue/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: s.token, account: s.account },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { status: number; msg: string };
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect([answer.status, typeof answer.msg], JSON.stringify(body)).toEqual([0, 'string']);
    }
    expect(await db().selectFrom('loan').selectAll().execute()).toEqual(loans);
  });
});

describe('red team: races', () => {
  it('a pass racing a withdrawal of all the cash never leaves a passed loan above 50% of what stays (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { s, cardId } = await borrowerWithCard();
      const applied = await apply(s, '150000');
      const id = String(applied.body.data.loan_id);
      const [decided, withdrawn] = await Promise.all([
        review.call('loan/decide', { id, decision: 'approve' }),
        withdraw(s, cardId, '300000'),
      ]);
      // one of them wins (the withdrawal that loses: loan_unpaid, or fund_operation_busy when the
      // loan passed between its price read and its transaction); both winning would leave ¥150,000
      // of debt on ¥150,000 of collateral
      const won = [decided.body.msg === 'submit_ok', withdrawn.body.msg === 'withdraw_ok'];
      expect(won.filter(Boolean), String(round)).toHaveLength(1);
      expect([decided.body.msg, withdrawn.body.msg]).toSatisfy((msgs: string[]) =>
        msgs.every((m) =>
          [
            'submit_ok',
            'withdraw_ok',
            'loan_limit_insufficient',
            'loan_unpaid',
            'fund_operation_busy',
          ].includes(m),
        ),
      );
      const debt = -(await balance(s, 'loan', 'JPY'));
      const collateral = await balance(s, 'cash', 'JPY');
      expect(debt * 100n <= collateral * 50n, `${debt} on ${collateral}`).toBe(true);
    }
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('two admins deciding one loan at once (approve and reject): one decision, one audit row, at most one disbursement', async () => {
    const { s } = await borrowerWithCard();
    const applied = await apply(s, '100000');
    const id = String(applied.body.data.loan_id);
    const answers = await Promise.all([
      review.call('loan/decide', { id, decision: 'approve' }),
      review.call('loan/decide', { id, decision: 'reject', reason: 'race' }),
      review.call('loan/decide', { id, decision: 'approve' }),
    ]);
    expect(answers.filter((a) => a.body.msg === 'submit_ok')).toHaveLength(1);
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `loan:${id}`)
      .execute();
    expect(audits).toHaveLength(1);
    const journals = await db()
      .selectFrom('journal')
      .select('kind')
      .where('reference', '=', `loan:${id}`)
      .execute();
    expect(journals.length).toBe(audits[0]?.action === 'loan.approve' ? 1 : 0);
  });
});
