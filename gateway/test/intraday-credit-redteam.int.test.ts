import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { reconcile } from '@kabuto/schema/db';
import type { Session } from './support/test-gateway.ts';
import { fundedUser, order, requestId, t, useTradingGateway } from './support/trading-suite.ts';

// Red team of intraday trading and added credit (issue 13 parts 1 and 2) over HTTP on the real
// gateway: odd inputs, replays and races. Every refusal answers a 4xx/200 msg key with nothing
// changed; every race ends with the money where the ledger says it is (reconcile clean).
useTradingGateway();

const apply = (s: Session, body: Record<string, string>) =>
  t.call('intraday/apply', { request_id: requestId(), ...body }, s);
const addCredit = (s: Session, positionId: string, amount: string, request_id = requestId()) =>
  t.call('trade/addcredit', { position_id: positionId, amount, request_id }, s);
const closeAll = (s: Session, positionId: string) =>
  t.call('trade/close', { position_id: positionId, request_id: requestId() }, s);

/** A call with a JSON body (numbers stay numbers: 2^53+1, -0). */
async function jsonCall(path: string, body: Record<string, unknown>, s: Session) {
  const response = await fetch(`${t.baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: s.token, account: s.account },
    body: JSON.stringify(body).replace('"__BIG__"', '9007199254740993').replace('"__NEG0__"', '-0'),
  });
  return {
    http: response.status,
    body: (await response.json()) as { status: number; msg: string },
  };
}

async function balance(s: Session, kind: string, currency: string): Promise<bigint> {
  const row = await t.testDb.db
    .selectFrom('ledger_account')
    .innerJoin('app_user', 'app_user.id', 'ledger_account.user_id')
    .select('ledger_account.balance')
    .where('app_user.account', '=', s.account)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

const total = async (table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.testDb.db))
      .rows[0]!.n,
  );

/** Everything a refusal must leave alone: money, rows and the events sent. */
async function world(s: Session) {
  const kinds = ['cash', 'margin', 'hold:intraday'];
  const money: string[] = [];
  for (const kind of kinds) {
    for (const c of ['JPY', 'USD']) money.push(`${kind} ${c} ${await balance(s, kind, c)}`);
  }
  return {
    money,
    journals: await total('journal'),
    credits: await total('position_credit'),
    applications: await total('intraday_application'),
    positions: await total('position'),
    margins: (
      await sql<{ m: string }>`select coalesce(sum(p.margin), 0) as m from position p
        join app_user u on u.id = p.user_id where u.account = ${s.account}`.execute(t.testDb.db)
    ).rows[0]!.m.toString(),
    seq: Number(
      (
        await sql<{ n: number }>`select coalesce(max(q.last_seq), 0) as n
          from account_event_seq q join app_user u on u.id = q.user_id
          where u.account = ${s.account}`.execute(t.testDb.db)
      ).rows[0]!.n,
    ),
  };
}

async function refusedWithNothingChanged(
  s: Session,
  call: () => Promise<{ http: number; body: { status: number; msg: string } }>,
  msg: string,
) {
  const before = await world(s);
  const answer = await call();
  expect(answer.http).toBeLessThan(500);
  expect(answer.body).toMatchObject({ status: 0, msg });
  expect(await world(s)).toEqual(before);
}

async function toyotaLong(s: Session, qty = '100'): Promise<string> {
  const opened = await order(s, {
    symbol: '7203',
    side: 'long',
    kind: 'market',
    qty,
    leverage: '5',
  });
  expect(opened.body.status).toBe(1);
  return opened.body.data.position_id as string;
}

const breaches = async () => (await reconcile(t.testDb.db)).breaches;

describe('added credit: odd amounts and replays', () => {
  it.each(['1e3', '0x10', ' 5', '５', '-0', '9007199254740993', '1.0', '٣'])(
    'form amount %j is credit_invalid (400), nothing changed',
    async (amount) => {
      const s = await fundedUser();
      const positionId = await toyotaLong(s);
      await refusedWithNothingChanged(s, () => addCredit(s, positionId, amount), 'credit_invalid');
    },
  );

  it.each([
    ['2^53+1', '__BIG__'],
    ['negative zero', '__NEG0__'],
    ['true', true],
    ['an array', [5]],
  ])('JSON amount %s is refused with a 4xx msg key, nothing changed', async (_what, amount) => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const before = await world(s);
    const body = { position_id: Number(positionId), amount, request_id: requestId() };
    const answer = await jsonCall('trade/addcredit', body, s);
    expect(answer.http).toBeGreaterThanOrEqual(400);
    expect(answer.http).toBeLessThan(500);
    expect(['credit_invalid', 'invalid_param']).toContain(answer.body.msg);
    expect(await world(s)).toEqual(before);
  });

  it('a request_id replayed with another amount or another position is request_id_reused, nothing changed', async () => {
    const s = await fundedUser();
    const first = await toyotaLong(s);
    const second = await toyotaLong(s);
    expect((await addCredit(s, first, '1000', 'rt-credit-replay-1')).body.status).toBe(1);
    await refusedWithNothingChanged(
      s,
      () => addCredit(s, first, '2000', 'rt-credit-replay-1'),
      'request_id_reused',
    );
    await refusedWithNothingChanged(
      s,
      () => addCredit(s, second, '1000', 'rt-credit-replay-1'),
      'request_id_reused',
    );
  });

  it('one request_id sent 5 times at once adds one credit; every answer is the same credit', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const cash = await balance(s, 'cash', 'JPY');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addCredit(s, positionId, '3000', 'rt-credit-burst-1')),
    );
    expect(answers.map((a) => a.body.status)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((a) => a.body.data.credit_id)).size).toBe(1);
    expect(await balance(s, 'cash', 'JPY')).toBe(cash - 3_000n);
    expect(await breaches()).toEqual([]);
  });

  it('creditpreview answers what addcredit then does, to the yen', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const preview = await t.call(
      'trade/creditpreview',
      { position_id: positionId, amount: '7777' },
      s,
    );
    const added = await addCredit(s, positionId, '7777');
    expect(added.body.data).toMatchObject({
      margin_after: preview.body.data.margin_after,
      stop_out_price_after: preview.body.data.stop_out_price_after,
      credit_after: preview.body.data.credit_after,
    });
  });

  it('ustockslist shows only the caller’s credits', async () => {
    const s = await fundedUser();
    const other = await fundedUser();
    await addCredit(other, await toyotaLong(other), '4321');
    await addCredit(s, await toyotaLong(s), '1234');
    const mine = await t.call('trade/ustockslist', { lang: 'us' }, s);
    expect(mine.body.data.map((c: { credit: string }) => c.credit)).toEqual(['1234']);
  });
});

describe('added credit racing a close of the same position', () => {
  it('credit either lands in the position and returns with it, or is refused: never lost (margin account empty after, reconcile clean)', async () => {
    for (let round = 0; round < 8; round++) {
      const s = await fundedUser();
      const positionId = await toyotaLong(s);
      const [closed, added] = await Promise.all([
        closeAll(s, positionId),
        addCredit(s, positionId, '9000'),
      ]);
      expect(closed.http).toBeLessThan(500);
      expect(added.http).toBeLessThan(500);
      if (added.body.status === 0) expect(added.body.msg).toBe('order_not_holding');
      if (closed.body.status === 0) {
        expect(closed.body.msg).toBe('order_not_holding');
        expect((await closeAll(s, positionId)).body.status).toBe(1);
      }
      expect(await balance(s, 'margin', 'JPY')).toBe(0n);
      expect(await breaches()).toEqual([]);
    }
  });

  it('a partial close racing an addition keeps the credit in the open rest (margin account = open margins)', async () => {
    for (let round = 0; round < 8; round++) {
      const s = await fundedUser();
      const positionId = await toyotaLong(s, '200');
      const [closed, added] = await Promise.all([
        t.call('trade/close', { position_id: positionId, qty: '100', request_id: requestId() }, s),
        addCredit(s, positionId, '9000'),
      ]);
      expect(closed.http).toBeLessThan(500);
      expect(added.body.status).toBe(1);
      expect(await breaches()).toEqual([]);
      await closeAll(s, positionId);
      expect(await balance(s, 'margin', 'JPY')).toBe(0n);
      expect(await breaches()).toEqual([]);
    }
  });
});

describe('added credit on an intraday position', () => {
  it('is refused (product_unavailable): the day-trade margin is the application’s hold, settled at the close', async () => {
    const s = await fundedUser();
    await apply(s, { currency: 'JPY', amount: '500000' });
    const placed = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      intraday: '1',
    });
    expect(placed.body.status).toBe(1);
    const positionId = placed.body.data.position_id as string;
    await refusedWithNothingChanged(
      s,
      () => addCredit(s, positionId, '1000'),
      'product_unavailable',
    );
    await refusedWithNothingChanged(
      s,
      () => t.call('trade/creditpreview', { position_id: positionId, amount: '1000' }, s),
      'product_unavailable',
    );
    // The Positions screen knows it is a day trade (and offers no added credit for it).
    const ordinary = await toyotaLong(s);
    const listed = Object.values(
      (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data,
    ).filter((p): p is { position_id: string; intraday: boolean } => typeof p === 'object');
    expect(listed.find((p) => p.position_id === positionId)?.intraday).toBe(true);
    expect(listed.find((p) => p.position_id === ordinary)?.intraday).toBe(false);
  });
});

describe('intraday/apply: odd amounts', () => {
  it.each([' 5', '5 ', '01', '+1', '0x10', '５', '-0', '1.0', '9007199254740993'])(
    'amount %j is credit_invalid (the same rule as added credit), nothing changed',
    async (amount) => {
      const s = await fundedUser();
      await refusedWithNothingChanged(
        s,
        () => apply(s, { currency: 'JPY', amount }),
        'credit_invalid',
      );
    },
  );

  it.each([
    ['2^53+1', '__BIG__'],
    ['negative zero', '__NEG0__'],
  ])('JSON amount %s is refused with a 4xx msg key, nothing changed', async (_what, amount) => {
    const s = await fundedUser();
    const before = await world(s);
    const body = { currency: 'JPY', amount, request_id: requestId() };
    const answer = await jsonCall('intraday/apply', body, s);
    expect(answer.http).toBeGreaterThanOrEqual(400);
    expect(answer.http).toBeLessThan(500);
    expect(await world(s)).toEqual(before);
  });
});

describe('intraday/apply: replays', () => {
  it('one request_id sent 5 times at once holds once; a replay with another amount is request_id_reused', async () => {
    const s = await fundedUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(
          'intraday/apply',
          { currency: 'JPY', amount: '50000', request_id: 'rt-apply-burst-1' },
          s,
        ),
      ),
    );
    expect(answers.map((a) => a.body.status)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((a) => a.body.data.application_id)).size).toBe(1);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBe(50_000n);
    await refusedWithNothingChanged(
      s,
      () =>
        t.call(
          'intraday/apply',
          { currency: 'JPY', amount: '60000', request_id: 'rt-apply-burst-1' },
          s,
        ),
      'request_id_reused',
    );
  });
});

describe('intraday orders: odd flags and races', () => {
  it.each(['1.0', 'true', '2', 'yes'])(
    'intraday=%j is invalid_param (400), nothing changed',
    async (flag) => {
      const s = await fundedUser();
      await apply(s, { currency: 'JPY', amount: '500000' });
      const before = await world(s);
      const answer = await order(s, {
        symbol: '7203',
        side: 'long',
        kind: 'market',
        qty: '100',
        intraday: flag,
      });
      expect([answer.http, answer.body.msg]).toEqual([400, 'invalid_param']);
      expect(await world(s)).toEqual(before);
    },
  );

  it('10 parallel intraday orders of ¥285,000 each under ¥1,000,000 of buying power fill at most 3', async () => {
    const s = await fundedUser();
    // ¥303,031 × 3.3 = ¥1,000,002 of buying power: room for 3 orders of 100 × ¥2,850.
    await apply(s, { currency: 'JPY', amount: '303031' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100', intraday: '1' }),
      ),
    );
    expect(answers.every((a) => a.http < 500)).toBe(true);
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(3);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBeGreaterThanOrEqual(0n);
    expect(await breaches()).toEqual([]);
  });

  it('an application racing an added credit for the same cash: one wins, cash never below zero', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const cash = await balance(s, 'cash', 'JPY');
    const major = String(cash);
    const [applied, added] = await Promise.all([
      apply(s, { currency: 'JPY', amount: major }),
      addCredit(s, positionId, major),
    ]);
    expect([applied.body.status, added.body.status].sort()).toEqual([0, 1]);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
    expect(await breaches()).toEqual([]);
  });
});

describe('wire: odd ids and filters are 4xx, never 500', () => {
  it.each(['abc', '-1', '1e3', '99999999999999999', ''])(
    'intraday/detail id %j answers a 4xx msg key',
    async (id) => {
      const s = await fundedUser();
      const answer = await t.call('intraday/detail', { id }, s);
      expect(answer.http).toBeGreaterThanOrEqual(400);
      expect(answer.http).toBeLessThan(500);
      expect(answer.body.status).toBe(0);
    },
  );

  it.each([
    ['position_id', 'abc'],
    ['position_id', '99999999999999999'],
    ['position_id', '0'],
  ])('trade/addcredit %s=%j answers a 4xx msg key, nothing changed', async (field, value) => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const before = await world(s);
    const body = {
      position_id: positionId,
      amount: '1000',
      request_id: requestId(),
      [field]: value,
    };
    const answer = await t.call('trade/addcredit', body, s);
    expect(answer.http).toBeGreaterThanOrEqual(400);
    expect(answer.http).toBeLessThan(500);
    expect(await world(s)).toEqual(before);
  });
});

describe('back office', () => {
  it('intraday/applications without an admin session is login_required (401) and writes no audit', async () => {
    const audits = await total('audit_log');
    const response = await fetch(`${t.baseUrl}/api/admin/intraday/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { msg: string }).msg).toBe('login_required');
    const s = await fundedUser();
    const asUser = await fetch(`${t.baseUrl}/api/admin/intraday/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'admin-token': s.token },
      body: '',
    });
    expect(asUser.status).toBe(401);
    expect(await total('audit_log')).toBe(audits);
  });
});
