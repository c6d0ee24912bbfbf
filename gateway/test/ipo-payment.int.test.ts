import { describe, expect, it } from 'vitest';
import { verifyProof } from '@kabuto/schema/lottery';
import type { Session } from './support/test-gateway.ts';
import {
  balance,
  createListing,
  db,
  fund,
  mine,
  userIdOf,
  openWindow,
  requestId,
  setNow,
  state,
  t,
  useIpoGateway,
  user,
  writeDraw,
} from './support/ipo-suite.ts';
import { putInStatus } from '@kabuto/schema/testing';

// After the draw: paying (cash → hold:ipo), waiving, the deadline, the published proof and the
// spec's list of the user's subscriptions. The draw itself is written by a test helper from the
// real pure lottery (the workers' job owns it in the product).
useIpoGateway();

/** One listing with 3 lots offered, `users` subscribed 1 lot each and drawn: 3 win. */
async function drawn(users: Session[], overrides: Record<string, string> = {}) {
  const { id, terms } = await createListing({ lots_offered: '3', ...overrides });
  openWindow(terms);
  for (const s of users) {
    const ok = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
    expect(ok.body.msg).toBe('subscribe_ok');
  }
  setNow(Number(terms['draw_at']));
  await writeDraw(id);
  return { id, terms };
}

/** One user wins one lot (¥150,000 due on the default JP listing; `due` for other terms). */
async function oneWinner(overrides: Record<string, string> = {}, due = '150000') {
  const s = await user();
  const { id, terms } = await drawn([s], overrides);
  const sub = await mine(s, id);
  expect(sub).toMatchObject({ status: 'won', lots_won: 1, amount_due: due });
  return { s, id, terms, subscriptionId: sub?.subscription_id as string };
}

const journalOf = async (id: bigint) => {
  const postings = await db()
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['ledger_account.kind', 'ledger_account.currency', 'posting.amount'])
    .where('posting.journal_id', '=', id)
    .orderBy('posting.amount')
    .execute();
  const journal = await db()
    .selectFrom('journal')
    .select('kind')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { kind: journal.kind, postings: postings.map((p) => [p.kind, p.currency, p.amount]) };
};

describe('ipo/pay', () => {
  it('a winner pays ¥150,000 from cash: one ipo_payment journal, cash −150,000, hold:ipo +150,000; a second pay changes nothing', async () => {
    const { s, id, subscriptionId } = await oneWinner();
    await fund(s, '200000');
    const rid = requestId();
    const paid = await t.call('ipo/pay', { subscription_id: subscriptionId, request_id: rid }, s);
    expect(paid.body).toMatchObject({ status: 1, msg: 'payment_ok', data: { status: 'paid' } });
    expect([await balance(s, 'cash'), await balance(s, 'hold:ipo')]).toEqual([50_000n, 150_000n]);
    const row = await db()
      .selectFrom('ipo_subscription')
      .select(['status', 'pay_journal_id', 'paid_at'])
      .where('id', '=', BigInt(subscriptionId))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(await journalOf(row.pay_journal_id as bigint)).toEqual({
      kind: 'ipo_payment',
      postings: [
        ['cash', 'JPY', -150_000n],
        ['hold:ipo', 'JPY', 150_000n],
      ],
    });
    expect((await mine(s, id))?.status).toBe('paid');

    const before = await state(s);
    const replay = await t.call('ipo/pay', { subscription_id: subscriptionId, request_id: rid }, s);
    expect(replay.body).toEqual(paid.body);
    const second = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(second.body.msg).toBe('already_paid');
    const waive = await t.call('ipo/waive', { subscription_id: subscriptionId }, s);
    expect(waive.body.msg).toBe('already_paid');
    expect(await state(s)).toEqual(before);
  });

  it('short of cash by ¥1: balance_insufficient saying ¥150,000 due and ¥149,999 cash, and nothing changed (rows, balances, journals, events)', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '149999');
    const before = await state(s);
    const refused = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(refused.http).toBe(200);
    expect(refused.body).toEqual({
      status: 0,
      msg: 'balance_insufficient',
      data: { currency: 'JPY', amount_due: '150000', cash: '149999' },
    });
    expect(await state(s)).toEqual(before);
    expect(before.cash).toEqual([149_999n, 0n]);
  });

  it('a US listing is paid in dollars: a user with ¥10,000,000 and no dollars is told $180.00 is due and $0.00 is held in USD, nothing changed; with dollars it pays', async () => {
    const { s, subscriptionId } = await oneWinner(
      {
        symbol: 'ZQXW',
        market: 'US',
        board: 'nasdaq',
        price: '18.00',
        market_price: '21.50',
        underwriting_price: '16.83',
        lot: '10',
      },
      '180.00',
    );
    await fund(s, '10000000');
    const before = { ...(await state(s)), usd: await balance(s, 'cash', 'USD') };
    const refused = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(refused.body).toEqual({
      status: 0,
      msg: 'balance_insufficient',
      data: { currency: 'USD', amount_due: '180.00', cash: '0.00' },
    });
    expect({ ...(await state(s)), usd: await balance(s, 'cash', 'USD') }).toEqual(before);
    expect(before.cash).toEqual([10_000_000n, 0n]);

    await fund(s, '200', 'usd');
    const paid = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(paid.body.msg).toBe('payment_ok');
    expect([await balance(s, 'cash', 'USD'), await balance(s, 'hold:ipo', 'USD')]).toEqual([
      2_000n,
      18_000n,
    ]);
  });

  it('refuses after the deadline (the deadline itself is late) and changes nothing', async () => {
    const { s, terms, subscriptionId } = await oneWinner();
    await fund(s, '200000');
    setNow(Number(terms['pay_deadline']));
    const before = await state(s);
    for (const call of ['ipo/pay', 'ipo/waive']) {
      const refused = await t.call(
        call,
        {
          subscription_id: subscriptionId,
          ...(call === 'ipo/pay' ? { request_id: requestId() } : {}),
        },
        s,
      );
      expect(refused.body.msg).toBe('pay_deadline_passed');
    }
    expect(await state(s)).toEqual(before);
    setNow(Number(terms['pay_deadline']) - 1);
    const inTime = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(inTime.body.msg).toBe('payment_ok');
  });

  it('before the draw, for a losing ticket, and for someone else’s subscription: refused, nothing changed', async () => {
    const [a, b, c, d] = [await user(), await user(), await user(), await user()];
    const { id, terms } = await createListing({ lots_offered: '3' });
    openWindow(terms);
    const ids: string[] = [];
    for (const s of [a, b, c, d]) {
      await fund(s, '500000');
      const ok = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
      ids.push(ok.body.data.subscription_id as string);
    }
    const before = await state(a);
    const early = await t.call('ipo/pay', { subscription_id: ids[0]!, request_id: requestId() }, a);
    expect(early.body.msg).toBe('allotment_not_drawn');
    const stranger = await t.call(
      'ipo/pay',
      { subscription_id: ids[1]!, request_id: requestId() },
      a,
    );
    expect([stranger.http, stranger.body.msg]).toEqual([404, 'not_found']);
    const strangerWaive = await t.call('ipo/waive', { subscription_id: ids[1]! }, a);
    expect([strangerWaive.http, strangerWaive.body.msg]).toEqual([404, 'not_found']);
    expect(await state(a)).toEqual(before);

    setNow(Number(terms['draw_at']));
    await writeDraw(id);
    const statuses = await Promise.all([a, b, c, d].map(async (s) => (await mine(s, id))?.status));
    expect(statuses.filter((x) => x === 'won')).toHaveLength(3);
    const loser = [a, b, c, d][statuses.indexOf('lost')] as Session;
    const loserId = ids[statuses.indexOf('lost')] as string;
    const afterDraw = await state(loser);
    const lost = await t.call(
      'ipo/pay',
      { subscription_id: loserId, request_id: requestId() },
      loser,
    );
    expect(lost.body.msg).toBe('allotment_not_won');
    expect((await t.call('ipo/waive', { subscription_id: loserId }, loser)).body.msg).toBe(
      'allotment_not_won',
    );
    expect(await state(loser)).toEqual(afterDraw);
  });
});

describe('ipo/waive', () => {
  it('a winner waives: waived, nothing posted, and can no longer pay', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '200000');
    const journals = (await state(s)).counts[0];
    const waived = await t.call('ipo/waive', { subscription_id: subscriptionId }, s);
    expect(waived.body).toMatchObject({ msg: 'ok', data: { status: 'waived' } });
    expect((await state(s)).counts[0]).toBe(journals);
    expect([await balance(s, 'cash'), await balance(s, 'hold:ipo')]).toEqual([200_000n, 0n]);
    const before = await state(s);
    const pay = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(pay.body.msg).toBe('allotment_not_won');
    expect(await state(s)).toEqual(before);
  });
});

describe('ipo/proof', () => {
  it('is refused before the draw, then publishes seed, beacon, list and result that verify', async () => {
    const users = [await user(), await user(), await user(), await user(), await user()];
    const { id, terms } = await createListing({ lots_offered: '3' });
    openWindow(terms);
    for (const s of users) {
      await t.call('ipo/subscribe', { id, lots: '2', request_id: requestId() }, s);
    }
    const early = await t.call('ipo/proof', { id }, users[0]);
    expect(early.body.msg).toBe('allotment_not_drawn');
    const listed = (await t.call('ipo/list', { status: 'all' }, users[0])).body.data.find(
      (l: { id: string }) => l.id === id,
    );

    setNow(Number(terms['draw_at']));
    await writeDraw(id);
    const proof = (await t.call('ipo/proof', { id }, users[0])).body.data;
    expect(proof.rule).toMatch(/^kabuto-lottery-v1/);
    expect(proof.seed_commitment).toBe(listed.seed_commitment);
    expect(proof.list).toHaveLength(5);
    expect([...proof.list.map((e: { ticket: string }) => e.ticket)]).toEqual(
      [...proof.list.map((e: { ticket: string }) => e.ticket)].sort(),
    );
    expect(proof.result.reduce((n: number, r: { lots_won: number }) => n + r.lots_won, 0)).toBe(3);
    const check = verifyProof({
      rule: proof.rule,
      seedCommitment: proof.seed_commitment,
      seed: proof.seed,
      beacon: proof.beacon,
      listHash: proof.list_hash,
      lotsOffered: proof.lots_offered,
      maxLots: proof.max_lots,
      list: proof.list,
      result: proof.result.map((r: { ticket: string; lots_won: number }) => ({
        ticket: r.ticket,
        lotsWon: r.lots_won,
      })),
    });
    expect([check.commitmentOk, check.listHashOk, check.resultOk]).toEqual([true, true, true]);
    const detail = (await t.call('ipo/detail', { id }, users[0])).body.data;
    // 3 lots offered ÷ 10 applied
    expect([detail.applicants, detail.lots_applied, detail.allotment_rate]).toEqual([
      5,
      10,
      '30.00',
    ]);
  });
});

describe('trade/usernewstocklist', () => {
  it('lists the caller’s subscriptions in the spec shape: status 1 while active, rjmoney or “-”', async () => {
    const s = await user();
    await fund(s, '500000');
    const won = await drawn([s]);
    const applied = await createListing();
    openWindow(applied.terms);
    await t.call('ipo/subscribe', { id: applied.id, lots: '2', request_id: requestId() }, s);
    const list = (await t.call('trade/usernewstocklist', { type: 'jpy', lang: 'us' }, s)).body.data;
    // The list itself, not a list inside a second envelope (issue 19: every list call one shape).
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      ipo_id: applied.id,
      name: 'Test Industries',
      lots: 2,
      status: 1,
      state: 'applied',
      lots_won: null,
      rjmoney: '-',
    });
    expect(list[1]).toMatchObject({
      ipo_id: won.id,
      status: 1,
      state: 'won',
      lots_won: 1,
      rjmoney: '150000',
      price: '1500',
      lot: 100,
    });
    await t.call('ipo/waive', { subscription_id: list[1].id }, s);
    const after = (await t.call('trade/usernewstocklist', { type: 'jpy' }, s)).body.data;
    expect(after[1]).toMatchObject({ status: 0, state: 'waived' });
    const other = await user();
    expect((await t.call('trade/usernewstocklist', { type: 'jpy' }, other)).body.data).toEqual([]);
  });

  it('a listed subscription shows “listed” while its position is held and “sold” once it is closed', async () => {
    const { s, id, subscriptionId } = await oneWinner();
    await fund(s, '200000');
    await t.call('ipo/pay', { subscription_id: subscriptionId, request_id: requestId() }, s);
    // The listing job (workers) makes the position; here a position row stands in for it.
    const symbol = (
      await db()
        .selectFrom('ipo_listing')
        .select('symbol')
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow()
    ).symbol;
    const position = await db()
      .insertInto('position')
      .values({
        user_id: BigInt(await userIdOf(s)),
        order_id: 0,
        symbol,
        currency: 'JPY',
        side: 'long',
        qty: 100,
        open_price: 15_000,
        leverage: 1,
        margin: 150_000,
        open_fee: 0,
        status: 'holding',
        opened_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await putInStatus(db(), 'ipo_subscription', BigInt(subscriptionId), 'listed', {
      position_id: position.id,
    });
    const stateNow = async () =>
      (await t.call('trade/usernewstocklist', { type: 'jpy' }, s)).body.data[0];
    expect(await stateNow()).toMatchObject({
      status: 0,
      state: 'listed',
      position_id: String(position.id),
      rjmoney: '150000',
    });
    await db()
      .updateTable('position')
      .set({ status: 'closed', closed_at: Date.now() })
      .where('id', '=', position.id)
      .execute();
    expect(await stateNow()).toMatchObject({ status: 0, state: 'sold' });
  });
});
