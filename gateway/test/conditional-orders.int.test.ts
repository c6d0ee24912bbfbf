import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { queueName, redisKeys } from '@kabuto/schema/contracts';
import { reconcile, writeTransaction } from '@kabuto/schema/db';
import { applyPrintIn } from '@kabuto/schema/modules/trading';
import { parseScaledPrice } from '@kabuto/schema/market';
import { testClock } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../../workers/src/infra/account-emitter.ts';
import { createLogger } from '../../workers/src/infra/logger.ts';
import { startLimitMatcher } from '../../workers/src/jobs/limit-matcher/limit-matcher.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Orders beyond market and limit (issue 23 item 1) over HTTP against the real gateway, worked by
// the real matcher on ticks published on this test's own Redis channel; one test clock for both.
const clock = testClock(Date.UTC(2026, 10, 24, 2, 0));
let t: TestGateway;
let queue: Queue;
let matcher: Awaited<ReturnType<typeof startLimitMatcher>>;
let ids = 0;
const usd = (text: string) => parseScaledPrice(text, 'US');
const requestId = () => `cond-${String((ids += 1)).padStart(6, '0')}`;

async function quote(symbol: string, price: string) {
  const snapshot = {
    ...{ symbol, price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() },
    ...{ open: price, high: price, low: price, prev_close: price, turnover: '0' },
    ...{
      limit_up: null,
      limit_down: null,
      phase: 'continuous',
      date: '2026-11-24',
      source: 'test',
    },
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

/** The feed prints `price`: the latest quote (what an order is placed against) and a tick. */
async function print(symbol: string, price: string) {
  await quote(symbol, price);
  const tick = { symbol, price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() };
  await t.redis.publish(redisKeys(t.prefix).tickChannel, JSON.stringify([tick]));
}

async function fundedUser(): Promise<Session> {
  const session = await registerAndLogin(t);
  await t.call('user/paperfund', { currency: 'usd', request_id: requestId() }, session);
  await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, session);
  return session;
}

const orderOf = async (id: string) =>
  t.testDb.db
    .selectFrom('trade_order')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
const statusOf = async (id: string) => (await orderOf(id)).status;
const cashOf = async (session: Session, currency: string) =>
  (
    await t.testDb.db
      .selectFrom('ledger_account')
      .innerJoin('app_user', 'app_user.id', 'ledger_account.user_id')
      .select('balance')
      .where('app_user.account', '=', session.account)
      .where('kind', '=', 'cash')
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow()
  ).balance;
const inboxKinds = async (session: Session) =>
  (
    await t.testDb.db
      .selectFrom('inbox_message')
      .innerJoin('app_user', 'app_user.id', 'inbox_message.user_id')
      .select('kind')
      .where('app_user.account', '=', session.account)
      .orderBy('inbox_message.id')
      .execute()
  ).map((r) => r.kind);
beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, clock);
  queue = new Queue(queueName('asset-recompute', t.prefix), {
    connection: t.redis.duplicate({ maxRetriesPerRequest: null }),
  });
  matcher = await startLimitMatcher({
    db: t.testDb.db,
    redis: t.redis.duplicate({ maxRetriesPerRequest: null }),
    redisPrefix: t.prefix,
    emitter: createAccountEmitter(t.redis, t.prefix, t.testDb.db),
    assetQueue: queue,
    logger: createLogger('silent', 'test'),
    refreshMs: 50,
    clock,
  });
  await quote('AAPL', '200.00');
  await quote('7203', '2850');
}, 60_000);

// Each test starts from AAPL at $200.00, whatever the last one printed.
beforeEach(() => print('AAPL', '200.00'));

afterAll(async () => {
  await matcher.stop();
  await queue.close();
  await t.close();
});

/** Waits until the matcher's book holds the order (it refreshes from the database). */
async function untilBooked(orderId: string) {
  await expect.poll(() => matcher.book.has(BigInt(orderId)), { timeout: 5000 }).toBe(true);
}

describe('a stop (逆指値)', () => {
  it('rests with a hold at its trigger plus the band, fills at the print that reaches it, and returns the rest', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const placed = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'stop',
        trigger_price: '210.00',
        qty: '10',
        leverage: '1',
        validity: 'day',
        request_id: requestId(),
      },
      s,
    );
    expect(placed.body).toMatchObject({
      msg: 'order_placed',
      data: { status: 'pending', price: '231.00' },
    });
    const held = before - (await cashOf(s, 'USD'));
    expect(held).toBeGreaterThan(231_000n);
    await untilBooked(placed.body.data.order_id);
    await print('AAPL', '205.00');
    await print('AAPL', '211.50');
    await expect.poll(() => statusOf(placed.body.data.order_id), { timeout: 5000 }).toBe('filled');
    const row = await orderOf(placed.body.data.order_id);
    expect(row.fill_price).toBe(usd('211.50'));
    // Margin $2,115.00 and the fee at the fill; the rest of the hold is back.
    const fee = before - (await cashOf(s, 'USD')) - 211_500n;
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThan(2_000n);
    expect(await inboxKinds(s)).toContain('order_filled');
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it('a gap beyond the hold cancels it (beyond_hold) instead of filling short of money', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const placed = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'stop',
        trigger_price: '215.00',
        qty: '10',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    await print('AAPL', '200.00');
    await untilBooked(placed.body.data.order_id);
    await print('AAPL', '260.00');
    await expect
      .poll(() => statusOf(placed.body.data.order_id), { timeout: 5000 })
      .toBe('cancelled');
    expect((await orderOf(placed.body.data.order_id)).end_reason).toBe('beyond_hold');
    expect(await cashOf(s, 'USD')).toBe(before);
    expect(await inboxKinds(s)).toContain('order_ended');
    await print('AAPL', '200.00');
  });

  it('refuses a trigger the price has already reached, off the tick, or a validity past six months; nothing is written', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const base = { symbol: 'AAPL', side: 'long', qty: '10', leverage: '1' };
    const asks: Array<[Record<string, string>, string]> = [
      [{ kind: 'stop', trigger_price: '190.00' }, 'trigger_invalid'],
      [{ kind: 'stop', trigger_price: '210.005' }, 'tick_size_invalid'],
      [{ kind: 'stop', trigger_price: '210.00', validity: '2027-12-31' }, 'validity_invalid'],
      [{ kind: 'stop', trigger_price: '210.00', validity: '2026-01-01' }, 'validity_invalid'],
      [{ kind: 'trailing_stop', trail: '80', trail_unit: 'percent' }, 'trail_invalid'],
      [{ kind: 'stop_limit', trigger_price: '210.00' }, 'invalid_param'],
    ];
    for (const [fields, msg] of asks) {
      const answer = await t.call(
        'trade/order',
        { ...base, ...fields, request_id: requestId() },
        s,
      );
      // Refused with its key (a business refusal is HTTP 200 with status 0; malformed input 400).
      expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 0, msg });
      expect(answer.http).toBe(msg === 'invalid_param' ? 400 : 200);
    }
    expect(await cashOf(s, 'USD')).toBe(before);
    const pending = await t.call('trade/pendinglist', { type: 'usd' }, s);
    expect(pending.body.data).toEqual([]);
  });
});

describe('a stop-limit and a trailing stop', () => {
  it('a stop-limit rests as a limit once triggered and never fills beyond its limit', async () => {
    const s = await fundedUser();
    const placed = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'stop_limit',
        trigger_price: '210.00',
        price: '212.00',
        qty: '10',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    const id = placed.body.data.order_id as string;
    await untilBooked(id);
    await print('AAPL', '213.00');
    await expect
      .poll(async () => (await orderOf(id)).triggered_at !== null, { timeout: 5000 })
      .toBe(true);
    expect(await statusOf(id)).toBe('pending');
    expect(await inboxKinds(s)).toContain('order_triggered');
    await print('AAPL', '211.00');
    await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe('filled');
    expect((await orderOf(id)).fill_price).toBe(usd('211.00'));
    await print('AAPL', '200.00');
  });

  it('a trailing sell stop closes a long at the first print its trail below the high', async () => {
    const s = await fundedUser();
    const opened = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'market',
        qty: '10',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    const positionId = opened.body.data.position_id as string;
    const placed = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'trailing_stop',
        trail: '5.00',
        trail_unit: 'price',
        position_id: positionId,
        qty: '10',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    expect(placed.body).toMatchObject({
      msg: 'order_placed',
      data: { status: 'pending', margin: '0.00' },
    });
    const id = placed.body.data.order_id as string;
    await untilBooked(id);
    await print('AAPL', '208.00');
    await expect
      .poll(async () => (await orderOf(id)).trigger_price, { timeout: 5000 })
      .toBe(usd('203.00'));
    await print('AAPL', '204.00');
    await print('AAPL', '202.50');
    await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe('filled');
    const position = await t.testDb.db
      .selectFrom('position')
      .selectAll()
      .where('id', '=', BigInt(positionId))
      .executeTakeFirstOrThrow();
    expect([position.status, position.close_price, position.close_reason]).toEqual([
      'closed',
      usd('202.50'),
      'order',
    ]);
    await print('AAPL', '200.00');
  });
});

describe('OCO, IFD and IFDOCO', () => {
  it('IFDOCO: the entry fills, its take profit and stop loss go live, one fills and the other is cancelled', async () => {
    const s = await fundedUser();
    await print('AAPL', '200.00');
    const placed = await t.call(
      'trade/order_ifd',
      {
        ...{
          if_symbol: 'AAPL',
          if_side: 'long',
          if_kind: 'limit',
          if_price: '198.00',
          if_qty: '10',
          if_leverage: '2',
        },
        ...{
          then_kind: 'limit',
          then_price: '205.00',
          then2_kind: 'stop',
          then2_trigger_price: '190.00',
        },
        request_id: requestId(),
      },
      s,
    );
    expect(placed.body).toMatchObject({ msg: 'order_placed', data: { status: 'pending' } });
    const [entry, profit, loss] = placed.body.data.order_ids as [string, string, string];
    expect([await statusOf(entry), await statusOf(profit), await statusOf(loss)]).toEqual([
      'pending',
      'inactive',
      'inactive',
    ]);
    const listed = await t.call('trade/pendinglist', { type: 'usd' }, s);
    expect(listed.body.data.map((o: { state: string }) => o.state).sort()).toEqual([
      'live',
      'waiting',
      'waiting',
    ]);
    await untilBooked(entry);
    await print('AAPL', '197.50');
    await expect.poll(() => statusOf(entry), { timeout: 5000 }).toBe('filled');
    await expect.poll(() => statusOf(profit), { timeout: 5000 }).toBe('pending');
    expect(await statusOf(loss)).toBe('pending');
    await untilBooked(profit);
    await print('AAPL', '205.50');
    await expect.poll(() => statusOf(profit), { timeout: 5000 }).toBe('filled');
    await expect.poll(() => statusOf(loss), { timeout: 5000 }).toBe('cancelled');
    expect((await orderOf(loss)).end_reason).toBe('oco');
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
    await print('AAPL', '200.00');
  });

  it('OCO under 50 parallel prints and a racing cancel never fills both legs, and the holds always return', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const placed = await t.call(
      'trade/order_oco',
      {
        ...{
          leg1_symbol: 'AAPL',
          leg1_side: 'long',
          leg1_kind: 'limit',
          leg1_price: '195.00',
          leg1_qty: '10',
          leg1_leverage: '1',
        },
        ...{
          leg2_symbol: 'AAPL',
          leg2_side: 'long',
          leg2_kind: 'stop',
          leg2_trigger_price: '205.00',
          leg2_qty: '10',
          leg2_leverage: '1',
        },
        request_id: requestId(),
      },
      s,
    );
    const [one, two] = placed.body.data.order_ids as [string, string];
    await untilBooked(two);
    const prints = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? '194.00' : '206.00'));
    await Promise.all([
      ...prints.map((price) => print('AAPL', price)),
      t.call('trade/cancel', { order_id: one }, s),
    ]);
    await expect
      .poll(async () => [await statusOf(one), await statusOf(two)].some((st) => st === 'pending'), {
        timeout: 5000,
      })
      .toBe(false);
    const statuses = [await statusOf(one), await statusOf(two)];
    expect(statuses.filter((st) => st === 'filled').length).toBeLessThanOrEqual(1);
    const positions = await t.testDb.db
      .selectFrom('position')
      .select('id')
      .where('order_id', 'in', [BigInt(one), BigInt(two)])
      .execute();
    expect(positions.length).toBe(statuses.filter((st) => st === 'filled').length);
    if (positions.length === 0) expect(await cashOf(s, 'USD')).toBe(before);
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
    await print('AAPL', '200.00');
  });

  it('an order past its validity expires at the end of its day and returns its hold', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const placed = await t.call(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'limit',
        price: '150.00',
        validity: 'day',
        qty: '10',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    const id = placed.body.data.order_id as string;
    expect(await cashOf(s, 'USD')).toBeLessThan(before);
    clock.advance(86_400_000);
    await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe('expired');
    expect(await cashOf(s, 'USD')).toBe(before);
    expect(await inboxKinds(s)).toContain('order_ended');
  });
});

const place = (s: Session, fields: Record<string, string>) =>
  t.call('trade/order', { qty: '10', leverage: '1', request_id: requestId(), ...fields }, s);

describe('what a breaker found (each held money or filled wrongly before its fix)', () => {
  it('an OCO leg the price already crosses holds at its limit, and its fill is fully margined', async () => {
    const s = await fundedUser();
    const placed = await t.call(
      'trade/order_oco',
      {
        ...{ leg1_symbol: 'AAPL', leg1_side: 'long', leg1_kind: 'limit', leg1_price: '260.00' },
        ...{ leg1_qty: '10', leg1_leverage: '1' },
        ...{
          leg2_symbol: 'AAPL',
          leg2_side: 'long',
          leg2_kind: 'stop',
          leg2_trigger_price: '280.00',
        },
        ...{ leg2_qty: '10', leg2_leverage: '1' },
        request_id: requestId(),
      },
      s,
    );
    const [one] = placed.body.data.order_ids as [string];
    expect((await orderOf(one)).hold_amount).toBeGreaterThan(260_000n);
    await untilBooked(one);
    await print('AAPL', '251.15');
    await expect.poll(() => statusOf(one), { timeout: 5000 }).toBe('filled');
    const position = await t.testDb.db
      .selectFrom('position')
      .select('margin')
      .where('order_id', '=', BigInt(one))
      .executeTakeFirstOrThrow();
    expect(position.margin).toBe(251_150n);
  });

  it('a short stop-limit fills at a print that meets its trigger and limit', async () => {
    const s = await fundedUser();
    const placed = await place(s, {
      ...{ symbol: 'AAPL', side: 'short', kind: 'stop_limit', trigger_price: '195.00' },
      price: '194.00',
    });
    const id = placed.body.data.order_id as string;
    await untilBooked(id);
    await print('AAPL', '194.50');
    await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe('filled');
    expect((await orderOf(id)).fill_price).toBe(usd('194.50'));
  });

  it('a short trailing stop’s trigger stops at its hold price through a rise past the band, then fills', async () => {
    const s = await fundedUser();
    const placed = await place(s, {
      ...{ symbol: 'AAPL', side: 'short', kind: 'trailing_stop', trail: '1.00' },
      trail_unit: 'price',
    });
    const id = placed.body.data.order_id as string;
    await untilBooked(id);
    await print('AAPL', '260.00');
    await expect
      .poll(async () => (await orderOf(id)).trigger_price, { timeout: 5000 })
      .toBe(usd('220.00'));
    await print('AAPL', '219.00');
    await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe('filled');
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it('an IFD’s trailing stop starts trailing at the first order’s fill, not at its limit', async () => {
    const s = await fundedUser();
    const placed = await t.call(
      'trade/order_ifd',
      {
        ...{ if_symbol: 'AAPL', if_side: 'long', if_kind: 'limit', if_price: '199.00' },
        ...{ if_qty: '10', if_leverage: '1' },
        ...{ then_kind: 'trailing_stop', then_trail: '2.00', then_trail_unit: 'price' },
        request_id: requestId(),
      },
      s,
    );
    const [entry, trailing] = placed.body.data.order_ids as [string, string];
    await untilBooked(entry);
    await print('AAPL', '190.00');
    await expect.poll(() => statusOf(trailing), { timeout: 5000 }).toBe('pending');
    const row = await orderOf(trailing);
    expect([row.watermark, row.trigger_price]).toEqual([usd('190.00'), usd('188.00')]);
  });

  it('cancelling an IFD’s second order leaves its first; a second shorter-lived than its first is refused', async () => {
    const s = await fundedUser();
    const ifd = (extra: Record<string, string>) =>
      t.call(
        'trade/order_ifd',
        {
          ...{ if_symbol: 'AAPL', if_side: 'long', if_kind: 'limit', if_price: '180.00' },
          ...{ if_qty: '10', if_leverage: '1', then_kind: 'limit', then_price: '220.00' },
          ...extra,
          request_id: requestId(),
        },
        s,
      );
    const placed = await ifd({});
    const [entry, second] = placed.body.data.order_ids as [string, string];
    await t.call('trade/cancel', { order_id: second }, s);
    expect([await statusOf(entry), await statusOf(second)]).toEqual(['pending', 'cancelled']);
    const shorter = await ifd({ if_validity: '2027-01-15', then_validity: 'day' });
    expect(shorter.body.msg).toBe('validity_invalid');
    const stray = await ifd({ then2_price: '230.00' });
    expect([stray.http, stray.body.msg]).toEqual([400, 'invalid_param']);
  });

  it('a closing order with the wrong side is refused; a partial close trims its closing orders', async () => {
    const s = await fundedUser();
    const opened = await place(s, { symbol: 'AAPL', side: 'long', kind: 'market' });
    const positionId = opened.body.data.position_id as string;
    const wrongSide = await place(s, {
      ...{ symbol: 'AAPL', side: 'short', kind: 'limit', price: '220.00' },
      position_id: positionId,
    });
    expect(wrongSide.body.msg).toBe('order_legs_mismatch');
    const profit = await place(s, {
      ...{ symbol: 'AAPL', side: 'long', kind: 'limit', price: '220.00' },
      position_id: positionId,
    });
    await t.call('trade/close', { position_id: positionId, qty: '4', request_id: requestId() }, s);
    expect((await orderOf(profit.body.data.order_id)).qty).toBe(6n);
  });

  it('a print after an order’s validity ended never fills it: it expires instead', async () => {
    const s = await fundedUser();
    const before = await cashOf(s, 'USD');
    const placed = await place(s, {
      ...{ symbol: 'AAPL', side: 'long', kind: 'limit', price: '199.00' },
      validity: 'day',
    });
    const id = placed.body.data.order_id as string;
    const row = await orderOf(id);
    const after = Number(row.expires_at) + 1;
    const applied = await writeTransaction(
      t.testDb.db,
      (trx) => applyPrintIn(trx, row.id, usd('150.00'), after),
      { lockUser: Number(row.user_id) },
    );
    expect(applied?.changes.map((c) => c.update.reason)).toEqual(['expired']);
    expect(await statusOf(id)).toBe('expired');
    expect(await cashOf(s, 'USD')).toBe(before);
  });
});
