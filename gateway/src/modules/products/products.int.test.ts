import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { putInStatus, untilWaiting } from '@kabuto/schema/testing';
import { reviewer } from '../../../test/support/funds-helpers.ts';
import { aProduct } from '@kabuto/schema/modules/products/testing.ts';
import { balanceOf, grantPaper, snapshot, userIdOf } from '../../../test/support/ledger-probe.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from '../../../test/support/test-gateway.ts';

// Copy-trading products over HTTP against the real gateway and database (SQLite, or PostgreSQL
// under DATABASE_URL): the sheet and its NAV history, a follow holding its money until the next
// NAV, every refusal changing nothing, redemption only after the lock-up and only once.
// 2026-11-26 12:00 JST (a Thursday): the market's date is 2026-11-26.
const NOW = Date.parse('2026-11-26T03:00:00Z');
let t: TestGateway;
let ids = 0;
const requestId = () => `prd-req-${String((ids += 1)).padStart(6, '0')}`;
const db = () => t.testDb.db;
const TABLES = ['product', 'product_order', 'journal', 'idempotency_key'] as const;

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, { nowMs: () => NOW });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function funded(amount = '1000000'): Promise<Session> {
  const s = await registerAndLogin(t);
  await grantPaper(t, s, 'jpy', amount, requestId());
  return s;
}

const follow = (s: Session, id: number | string, amount: string, request = requestId()) =>
  t.call('product/follow', { id: String(id), amount, request_id: request }, s);

/** A product with a NAV history: 1.0000, 1.1000, 0.9900, 1.0395 yen a unit. */
async function productWithHistory(): Promise<number> {
  const id = await aProduct(db(), { nowMs: NOW, navDate: '2026-11-25' });
  const navs = [
    ['2026-11-20', 10_000n],
    ['2026-11-21', 11_000n],
    ['2026-11-24', 9_900n],
    ['2026-11-25', 10_395n],
  ] as const;
  await db()
    .insertInto('product_nav')
    .values(
      navs.map(([nav_date, nav]) => ({ product_id: id, nav_date, nav, book_value: 0n, units: 0n })),
    )
    .execute();
  await db().updateTable('product').set({ nav: 10_395n }).where('id', '=', BigInt(id)).execute();
  return id;
}

describe('the product sheet', () => {
  it('lists open products with the last NAV, the average daily return and the maximum drawdown from the NAV history; hides drafts', async () => {
    const s = await registerAndLogin(t);
    const id = await productWithHistory();
    const draft = await aProduct(db(), { nowMs: NOW, status: 'draft' });
    const list = await t.call('product/list', {}, s);
    expect(list.body.msg).toBe('ok');
    const shown = (list.body.data as { id: string }[]).find((p) => p.id === String(id));
    // daily returns +10%, −10%, +5% → average +1.67%; peak 1.1000 to trough 0.9900 → 10.00%
    expect(shown).toMatchObject({
      nav: '1.0395',
      nav_date: '2026-11-25',
      avg_daily_return: '1.67',
      max_drawdown: '10.00',
      min_amount: '100000',
      lockup_days: 7,
      currency: 'JPY',
      status: 'open',
      universe: ['7203', '6758'],
    });
    expect((list.body.data as { id: string }[]).map((p) => p.id)).not.toContain(String(draft));
    const detail = await t.call('product/detail', { id: String(id) }, s);
    expect(detail.body.data.nav_history).toEqual([
      { date: '2026-11-20', nav: '1.0000' },
      { date: '2026-11-21', nav: '1.1000' },
      { date: '2026-11-24', nav: '0.9900' },
      { date: '2026-11-25', nav: '1.0395' },
    ]);
    const hidden = await t.call('product/detail', { id: String(draft) }, s);
    expect([hidden.http, hidden.body.msg]).toEqual([404, 'not_found']);
  });
});

describe('following', () => {
  it('holds the money (cash → hold:product, one statement line) until the next NAV; a retry answers the same order', async () => {
    const s = await funded();
    const id = await aProduct(db(), { nowMs: NOW });
    const request = requestId();
    const followed = await follow(s, id, '250000', request);
    expect([followed.body.status, followed.body.msg]).toEqual([1, 'follow_ok']);
    expect(followed.body.data).toMatchObject({ units: null, status: 'pending' });
    expect(await balanceOf(db(), s, 'cash', 'JPY')).toBe(750_000n);
    expect(await balanceOf(db(), s, 'hold:product', 'JPY')).toBe(250_000n);
    const again = await follow(s, id, '250000', request);
    expect(again.body.data.order_id).toBe(followed.body.data.order_id);
    expect(await balanceOf(db(), s, 'cash', 'JPY')).toBe(750_000n);
    const statement = await t.call('fund/records', { group: 'products' }, s);
    expect((statement.body.data as { kind: string }[]).map((l) => l.kind)).toEqual([
      'product_follow',
    ]);
    const orders = await t.call('trade/userproductlist', { type: '0' }, s);
    expect(orders.body.data).toEqual([
      expect.objectContaining({
        id: followed.body.data.order_id,
        status: 0,
        state: 'pending',
        money: '250000',
        units: '0.0000',
        value: null,
      }),
    ]);
  });

  it('refuses with the contract’s msg key and changes nothing: unknown, draft or closed product, past the deadline, under the minimum, over the available cash, a malformed amount', async () => {
    const s = await funded('300000');
    const open = await aProduct(db(), { nowMs: NOW });
    const draft = await aProduct(db(), { nowMs: NOW, status: 'draft' });
    const closed = await aProduct(db(), { nowMs: NOW, status: 'closed' });
    const late = await aProduct(db(), { nowMs: NOW, deadlineMs: NOW - 1 });
    const cases: Array<[string | number, string, number, string]> = [
      [999_999, '200000', 200, 'product_unavailable'],
      [draft, '200000', 200, 'product_unavailable'],
      [closed, '200000', 200, 'product_unavailable'],
      [late, '200000', 200, 'follow_deadline_passed'],
      [open, '99999', 200, 'product_min_amount'],
      [open, '300001', 200, 'available_insufficient'],
      [open, '1.5', 400, 'invalid_param'],
      [open, '0', 400, 'invalid_param'],
      [open, '-100000', 400, 'invalid_param'],
      [open, '1e6', 400, 'invalid_param'],
    ];
    const before = await snapshot(db(), TABLES);
    for (const [id, amount, http, msg] of cases) {
      const refused = await follow(s, id, amount);
      expect([amount, refused.http, refused.body.status, refused.body.msg]).toEqual([
        amount,
        http,
        0,
        msg,
      ]);
    }
    expect(await snapshot(db(), TABLES)).toEqual(before);
  });
});

describe('a close racing a follow', () => {
  it.skipIf(!process.env['DATABASE_URL'])(
    'a follow waiting on a close under way is refused once the close commits (PostgreSQL: the row lock), and nothing is held',
    async () => {
      const s = await funded();
      const id = await aProduct(db(), { nowMs: NOW });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const close = db()
        .transaction()
        .execute(async (trx) => {
          await sql`update product set status = 'closed' where id = ${id}`.execute(trx);
          locked();
          await gate;
        });
      await holding;
      const before = await snapshot(db(), ['product_order', 'journal']);
      const following = follow(s, id, '200000');
      await untilWaiting(db(), 'lock'); // the follow waits for the close's row lock
      release();
      await close;
      const answer = await following;
      expect([answer.body.status, answer.body.msg]).toEqual([0, 'product_unavailable']);
      expect(await snapshot(db(), ['product_order', 'journal'])).toEqual(before);
    },
  );
});

describe('redeeming', () => {
  /** A follow struck on 2026-11-18 at NAV 1.0000 (100,000 units for ¥100,000), locked up to `lockupEnd`. */
  async function struckOrder(s: Session, lockupEnd: string) {
    const id = await aProduct(db(), { nowMs: NOW });
    await db().updateTable('product').set({ nav: 10_500n }).where('id', '=', BigInt(id)).execute();
    const followed = await follow(s, id, '100000');
    const orderId = Number(followed.body.data.order_id);
    await putInStatus(db(), 'product_order', orderId, 'following', {
      units: 1_000_000_000n,
      struck_date: '2026-11-18',
      strike_nav: 10_000n,
      lockup_end: lockupEnd,
    });
    return orderId;
  }

  it('refuses inside the lock-up (lockup_active) and while pending, answers the estimate after it, and only once (order_not_holding)', async () => {
    const s = await funded();
    const pending = await follow(s, await aProduct(db(), { nowMs: NOW }), '100000');
    const locked = await struckOrder(s, '2026-11-27');
    const free = await struckOrder(s, '2026-11-26');
    const before = await snapshot(db(), TABLES);
    for (const orderId of [pending.body.data.order_id as string, String(locked)]) {
      const refused = await t.call(
        'product/redeem',
        { order_id: orderId, request_id: requestId() },
        s,
      );
      expect([refused.body.status, refused.body.msg]).toEqual([0, 'lockup_active']);
    }
    expect(await snapshot(db(), TABLES)).toEqual(before);
    const redeemed = await t.call(
      'product/redeem',
      { order_id: String(free), request_id: requestId() },
      s,
    );
    expect([redeemed.body.msg, redeemed.body.data]).toEqual([
      'redeem_ok',
      { amount: null, estimate: '105000', status: 'redeeming' },
    ]);
    const twice = await t.call(
      'product/redeem',
      { order_id: String(free), request_id: requestId() },
      s,
    );
    expect([twice.body.status, twice.body.msg]).toEqual([0, 'order_not_holding']);
    const listed = await t.call('trade/userproductlist', { type: '1' }, s);
    const states = (listed.body.data as { id: string; state: string; lockup_end: string }[]).map(
      (o) => [o.id, o.state, o.lockup_end],
    );
    expect(states).toEqual([
      [String(free), 'redeeming', '2026-11-26'],
      [String(locked), 'locked_up', '2026-11-27'],
    ]);
  });

  it('another user’s order is not found; two redemptions racing for one order: exactly one goes through', async () => {
    const s = await funded();
    const other = await registerAndLogin(t);
    const orderId = await struckOrder(s, '2026-11-20');
    const stranger = await t.call(
      'product/redeem',
      { order_id: String(orderId), request_id: requestId() },
      other,
    );
    expect([stranger.http, stranger.body.msg]).toEqual([404, 'not_found']);
    const race = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('product/redeem', { order_id: String(orderId), request_id: requestId() }, s),
      ),
    );
    const msgs = race.map((r) => r.body.msg).sort();
    expect(msgs).toEqual([
      'order_not_holding',
      'order_not_holding',
      'order_not_holding',
      'order_not_holding',
      'order_not_holding',
      'redeem_ok',
    ]);
    const row = await db()
      .selectFrom('product_order')
      .select(['status', 'user_id'])
      .where('id', '=', BigInt(orderId))
      .executeTakeFirstOrThrow();
    expect([row.status, Number(row.user_id)]).toEqual(['redeeming', await userIdOf(db(), s)]);
  });
});

describe('the orders list', () => {
  it('answers the spec’s shape for each type and values a following order at the last NAV with its daily and total profit', async () => {
    const s = await funded();
    const id = await productWithHistory();
    const followed = await follow(s, id, '100000');
    const orderId = Number(followed.body.data.order_id);
    // struck at 0.9900 on 11-24: 101,010.1010 units (down); at 1.0395 worth ¥104,999 (down), the day
    // before ¥99,999 at 0.9900: +¥5,000 today, +¥4,999 in all (the units' rounding costs the holder ¥1)
    await putInStatus(db(), 'product_order', orderId, 'following', {
      units: 1_010_101_010n,
      struck_date: '2026-11-24',
      strike_nav: 9_900n,
      lockup_end: '2026-12-01',
    });
    const all = await t.call('trade/userproductlist', {}, s);
    expect(all.body.data).toEqual([
      expect.objectContaining({
        id: String(orderId),
        status: 1,
        state: 'locked_up',
        money: '100000',
        units: '101010.1010',
        strike_nav: '0.9900',
        value: '104999',
        daily_profit: '5000',
        total_profit: '4999',
        lockup_end: '2026-12-01',
      }),
    ]);
    for (const type of ['0', '2']) {
      const none = await t.call('trade/userproductlist', { type }, s);
      expect(none.body.data).toEqual([]);
    }
  });
});

describe('back office', () => {
  const terms = (overrides: Record<string, string> = {}) => ({
    name: 'Momentum Japan',
    issuer: 'Kabuto AM',
    strategy: 'momentum',
    universe: '7203, 6758,9984',
    min_amount: '50000',
    deadline_at: String(NOW + 30 * 86_400_000),
    lockup_days: '14',
    fee_bps: '90',
    ...overrides,
  });

  it('creates a draft only with a universe of one market’s stocks, a whole minimum and a future deadline; edits it until it opens; opens and closes it, audited', async () => {
    const admin = await reviewer(t);
    const user = await funded();
    for (const [overrides, field, why] of [
      [{ universe: '7203,AAPL' }, 'universe', 'one_market'],
      [{ universe: '7203,N225' }, 'universe', 'not_a_stock'],
      [{ strategy: 'pair', universe: '7203,6758,9984' }, 'universe', 'two_symbols'],
      [{ min_amount: '500.5' }, 'min_amount', 'invalid'],
      [{ deadline_at: String(NOW - 1) }, 'deadline_at', 'in_the_past'],
      [{ first_date: '2026-12-01' }, 'first_date', 'in_the_future'],
      [{ first_date: '2026-02-31' }, 'first_date', 'invalid'],
      [{ first_date: '2026-13-01' }, 'first_date', 'invalid'],
      [{ first_date: '1900-01-02' }, 'first_date', 'too_early'],
      // noon in Tokyo: the last close is the day before's, and the history ends there
      [{ first_date: '2026-11-26' }, 'first_date', 'after_last_close'],
      [{ strategy: 'low_vol', universe: '7203' }, 'universe', 'at_least_two'],
      [{ deadline_at: String(NOW + 10 * 366 * 86_400_000) }, 'deadline_at', 'too_far'],
    ] as const) {
      const refused = await admin.call('product/create', terms(overrides));
      expect([refused.http, refused.body.msg, refused.body.data.fields]).toEqual([
        400,
        'invalid_param',
        { [field]: why },
      ]);
    }
    const created = await admin.call('product/create', terms());
    expect(created.body.msg).toBe('add_ok');
    const id = String(created.body.data.id);
    const shown = async () =>
      ((await t.call('product/list', {}, user)).body.data as { id: string }[]).some(
        (p) => p.id === id,
      );
    expect(await shown()).toBe(false); // a draft is the back office's only
    expect((await follow(user, id, '50000')).body.msg).toBe('product_unavailable');
    expect(
      (await admin.call('product/update', { ...terms({ lockup_days: '30' }), id })).body.msg,
    ).toBe('modify_ok');
    expect((await admin.call('product/open', { id })).body.msg).toBe('ok');
    expect(await shown()).toBe(true);
    const edit = await admin.call('product/update', { ...terms(), id });
    expect(edit.body.msg).toBe('product_unavailable');
    const listed = (await admin.call('product/list')).body.data as Record<string, unknown>[];
    expect(listed.find((p) => p['id'] === id)).toMatchObject({
      listing_status: 'open',
      lockup_days: 30,
      universe: ['7203', '6758', '9984'],
      min_amount: '50000',
      nav: '1.0000',
      holders: 0,
    });
    expect((await follow(user, id, '50000')).body.msg).toBe('follow_ok');
    expect((await admin.call('product/close', { id })).body.msg).toBe('ok');
    expect((await follow(user, id, '50000')).body.msg).toBe('product_unavailable');
    expect((await admin.call('product/close', { id })).body.msg).toBe('product_unavailable');
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `product:${id}`)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'product_create',
      'product_update',
      'product_open',
      'product_close',
    ]);
  });
});
