import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { reconcile } from '@kabuto/schema/db';
import type { Session } from './support/test-gateway.ts';
import { reviewer } from './support/funds-helpers.ts';
import { fundedUser, order, requestId, t, useTradingGateway } from './support/trading-suite.ts';

// Intraday trading over HTTP on the real gateway (always-open clock, quotes in Redis): applying
// holds the amount, intraday orders trade under the buying power out of the hold, and every
// refusal answers its msg key with nothing changed.
useTradingGateway();

const apply = (s: Session, body: Record<string, string>) =>
  t.call('intraday/apply', { request_id: requestId(), ...body }, s);
const intradayOrder = (s: Session, body: Record<string, string>) =>
  order(s, { kind: 'market', intraday: '1', ...body });

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
  return {
    cash: [await balance(s, 'cash', 'JPY'), await balance(s, 'cash', 'CNY')],
    hold: [await balance(s, 'hold:intraday', 'JPY'), await balance(s, 'hold:intraday', 'CNY')],
    journals: await total('journal'),
    applications: await total('intraday_application'),
    positions: await total('position'),
    orders: await total('trade_order'),
    // Every event recorded for the user moves its seq (the outbox rows themselves are relayed and
    // deleted in the background, so they are not counted).
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
  expect(answer.body).toMatchObject({ status: 0, msg });
  expect(answer.http).toBeLessThan(500);
  expect(await world(s)).toEqual(before);
}

describe('intraday/apply', () => {
  it('holds ¥1,000,000 (cash → hold:intraday, a statement line) and shows 3.3× buying power while trading', async () => {
    const s = await fundedUser();
    const cashBefore = await balance(s, 'cash', 'JPY');
    const applied = await apply(s, { currency: 'JPY', amount: '1000000' });
    expect(applied.body).toMatchObject({
      status: 1,
      msg: 'submit_ok',
      data: { status: 'trading' },
    });
    expect(await balance(s, 'cash', 'JPY')).toBe(cashBefore - 1_000_000n);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBe(1_000_000n);
    const list = await t.call('intraday/list', {}, s);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: applied.body.data.application_id,
        market: 'JP',
        currency: 'JPY',
        amount: '1000000',
        leverage: '3.3',
        buying_power: '3300000',
        buying_power_left: '3300000',
        balance: '1000000',
        status: 'trading',
        pnl: '0',
        settled_at: null,
      }),
    ]);
    const records = await t.call('fund/records', { currency: 'JPY' }, s);
    expect(JSON.stringify(records.body.data)).toContain('intraday_hold');
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it.each([
    ['zero', '0'],
    ['negative', '-5'],
    ['a decimal', '1.5'],
    ['a word', 'abc'],
    ['an exponent', '1e3'],
    ['blank', ''],
  ])('credit_invalid for %s, nothing changed', async (_what, amount) => {
    const s = await fundedUser();
    await refusedWithNothingChanged(
      s,
      () => apply(s, { currency: 'JPY', amount }),
      'credit_invalid',
    );
  });

  it('invalid_param (400) for a currency without an intraday market, nothing changed', async () => {
    const s = await fundedUser();
    const before = await world(s);
    const answer = await apply(s, { currency: 'EUR', amount: '100' });
    expect([answer.http, answer.body.msg]).toEqual([400, 'invalid_param']);
    expect(await world(s)).toEqual(before);
  });

  it('balance_insufficient beyond the cash, nothing changed', async () => {
    const s = await fundedUser();
    await refusedWithNothingChanged(
      s,
      () => apply(s, { currency: 'JPY', amount: '999999999999' }),
      'balance_insufficient',
    );
  });

  it('fund_operation_busy for a second open application in the same market; another market is fine', async () => {
    const s = await fundedUser();
    await apply(s, { currency: 'JPY', amount: '100000' });
    await refusedWithNothingChanged(
      s,
      () => apply(s, { currency: 'JPY', amount: '100000' }),
      'fund_operation_busy',
    );
    expect((await apply(s, { currency: 'USD', amount: '1000' })).body.status).toBe(1);
  });

  it('two applications racing for one market: exactly one holds money', async () => {
    const s = await fundedUser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => apply(s, { currency: 'JPY', amount: '10000' })),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'fund_operation_busy')).toHaveLength(5);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBe(10_000n);
  });
});

describe('trade/order with intraday=1', () => {
  it('trades within the buying power out of the hold (cash untouched); over it is refused with nothing changed', async () => {
    const s = await fundedUser();
    const applied = await apply(s, { currency: 'JPY', amount: '1000000' });
    const cash = await balance(s, 'cash', 'JPY');
    // 1,100 × ¥2,850 = ¥3,135,000 ≤ ¥3,300,000: margin ¥950,000 (÷ 3.3) from the hold.
    const placed = await intradayOrder(s, { symbol: '7203', side: 'long', qty: '1100' });
    expect(placed.body).toMatchObject({
      status: 1,
      msg: 'purchase_ok',
      data: { margin: '950000' },
    });
    expect(await balance(s, 'cash', 'JPY')).toBe(cash);
    const fee = BigInt(placed.body.data.fee);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBe(1_000_000n - 950_000n - fee);
    const row = await t.testDb.db
      .selectFrom('position')
      .select(['intraday_application_id', 'margin'])
      .where('id', '=', BigInt(placed.body.data.position_id))
      .executeTakeFirstOrThrow();
    expect(row.intraday_application_id).toBe(BigInt(applied.body.data.application_id));
    const list = await t.call('intraday/list', {}, s);
    expect(list.body.data[0]).toMatchObject({ buying_power_left: '165000' });
    // 100 more × ¥2,850 = ¥285,000 > ¥165,000 left.
    await refusedWithNothingChanged(
      s,
      () => intradayOrder(s, { symbol: '7203', side: 'long', qty: '100' }),
      'available_insufficient',
    );
  });

  it('closing by hand during the session returns margin ± P&L − fees to the hold, not to cash', async () => {
    const s = await fundedUser();
    await apply(s, { currency: 'JPY', amount: '500000' });
    const placed = await intradayOrder(s, { symbol: '6758', side: 'short', qty: '100' });
    const cash = await balance(s, 'cash', 'JPY');
    const hold = await balance(s, 'hold:intraday', 'JPY');
    const closed = await t.call(
      'trade/close',
      { position_id: placed.body.data.position_id, request_id: requestId() },
      s,
    );
    expect(closed.body.status).toBe(1);
    const back =
      BigInt(placed.body.data.margin) + BigInt(closed.body.data.pnl) - BigInt(closed.body.data.fee);
    expect(await balance(s, 'hold:intraday', 'JPY')).toBe(hold + back);
    expect(await balance(s, 'cash', 'JPY')).toBe(cash);
    const detail = await t.call('intraday/detail', { id: '0' }, s);
    expect(detail.http).toBe(400);
    const apps = await t.call('intraday/list', {}, s);
    const mine = await t.call('intraday/detail', { id: apps.body.data[0].id }, s);
    expect(mine.body.data.trades).toEqual([
      expect.objectContaining({
        symbol: '6758',
        name: { ja: 'ソニーグループ', en: 'Sony Group', zh: '索尼集团' },
        side: 'short',
        status: 'closed',
        close_reason: 'user',
      }),
    ]);
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it('available_insufficient without an application; cannot_buy for a China long (T+1); a China short trades', async () => {
    const s = await fundedUser();
    await refusedWithNothingChanged(
      s,
      () => intradayOrder(s, { symbol: '7203', side: 'long', qty: '100' }),
      'available_insufficient',
    );
    await apply(s, { currency: 'CNY', amount: '200000' });
    await refusedWithNothingChanged(
      s,
      () => intradayOrder(s, { symbol: '600519', side: 'long', qty: '100' }),
      'cannot_buy',
    );
    const short = await intradayOrder(s, { symbol: '600519', side: 'short', qty: '100' });
    expect(short.body).toMatchObject({ status: 1, data: { margin: '145000.00' } });
  });

  it('an intraday limit order is invalid_param (400): intraday orders are market orders', async () => {
    const s = await fundedUser();
    await apply(s, { currency: 'JPY', amount: '100000' });
    const before = await world(s);
    const answer = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'limit',
      price: '2850',
      qty: '100',
      intraday: '1',
    });
    expect([answer.http, answer.body.msg]).toEqual([400, 'invalid_param']);
    expect(await world(s)).toEqual(before);
  });
});

describe('trade/preview with intraday=1', () => {
  it('prices the order at the day-trade leverage against the hold and the buying power left, writing nothing', async () => {
    const s = await fundedUser();
    const none = await t.call(
      'trade/preview',
      { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1', intraday: '1' },
      s,
    );
    expect(none.body).toMatchObject({ status: 0, msg: 'available_insufficient' });
    await apply(s, { currency: 'JPY', amount: '1000000' });
    const before = await world(s);
    const preview = await t.call(
      'trade/preview',
      { symbol: '7203', side: 'long', kind: 'market', qty: '1100', leverage: '1', intraday: '1' },
      s,
    );
    expect(preview.body.data).toMatchObject({
      margin: '950000',
      available: '1000000',
      intraday_buying_power_left: '3300000',
      intraday_leverage: '3.3',
      affordable: true,
    });
    const over = await t.call(
      'trade/preview',
      { symbol: '7203', side: 'long', kind: 'market', qty: '1200', leverage: '1', intraday: '1' },
      s,
    );
    expect(over.body.data).toMatchObject({ affordable: false });
    expect(await world(s)).toEqual(before);
  });
});

describe('back office', () => {
  it('intraday/applications lists by market and status, and the read is audited', async () => {
    const s = await fundedUser();
    await apply(s, { currency: 'USD', amount: '2500' });
    const admin = await reviewer(t);
    const listed = await admin.call('intraday/applications', { market: 'US', status: 'trading' });
    expect(listed.body.status).toBe(1);
    expect(listed.body.data.every((a: { market: string }) => a.market === 'US')).toBe(true);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ amount: '2500.00', buying_power: '10000.00', leverage: '4' }),
    );
    const audits = await t.testDb.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'intraday.list')
      .execute();
    expect(audits.length).toBeGreaterThan(0);
    expect((await t.call('intraday/list', {}, s)).http).toBe(200);
  });
});
