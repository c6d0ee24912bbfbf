import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advance,
  postJournal,
  reconcile,
  writeTransaction,
  type AccountEventOutbox,
  type Db,
} from '@kabuto/schema/db';
import { journalMemo } from '@kabuto/schema/modules/ledger';
import { followHoldPostings } from '@kabuto/schema/modules/products/domain/index.ts';
import { insertProductOrder } from '@kabuto/schema/modules/products/db/orders.repository.ts';
import { aProduct } from '@kabuto/schema/modules/products/testing.ts';
import { tradingDaysBetween } from '@kabuto/schema/market';
import { aUser, dailyCloses, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { strikeDueProducts } from '../src/jobs/products/nav-strike.ts';
import { payDueRedemptions } from '../src/jobs/products/redemption-payment.ts';
import { grantCash, jobDepsAt } from './support/job-deps.ts';

// The products job on a real database: at the market's close the NAV is struck from the book,
// follows placed before the close get their units (after it, they wait), redemptions are valued
// and paid the next business day, and the ledger reconciles at every step; a rerun strikes and
// pays nothing twice.
let testDb: TestDb;
const outboxes: AccountEventOutbox[] = [];
const db = () => testDb.db;

beforeAll(async () => {
  testDb = await makeTestDb();
  // 80 trading days up to 2026-11-27: Toyota climbs ¥10 a day from ¥2,000, Sony eases ¥5 from ¥3,600
  const days = tradingDaysBetween('JP', '2026-07-20', '2026-11-27');
  await dailyCloses(
    db(),
    '7203',
    days.map((d, i) => [d, BigInt(20_000 + 100 * i)] as const),
  );
  await dailyCloses(
    db(),
    '6758',
    days.map((d, i) => [d, BigInt(36_000 - 50 * i)] as const),
  );
});
afterAll(async () => {
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
  await testDb.cleanup();
});

/** 16:00 JST on `date` (after the 15:30 close). */
const afterClose = (date: string) => Date.parse(`${date}T07:00:00Z`);
const depsAt = (nowMs: number) => jobDepsAt(db(), nowMs, outboxes);

/** What `product/follow` does: the order and its money from cash to hold:product. */
async function follows(productId: number, userId: number, amount: bigint, nowMs: number) {
  await grantCash(db(), userId, 'JPY', amount, nowMs);
  return writeTransaction(db(), async (trx) => {
    const orderId = await insertProductOrder(trx, {
      ...{ userId, productId, currency: 'JPY', amount },
      ...{ requestId: `req-${userId}-${nowMs}`, nowMs },
    });
    await postJournal(
      trx,
      {
        kind: 'product_follow',
        ...journalMemo('product_follow', { product: productId, name: 'Test', order: orderId }),
        actor: { type: 'user', id: userId },
        postings: followHoldPostings(userId, 'JPY', amount),
      },
      nowMs,
    );
    return orderId;
  });
}

const orderRow = (id: number) =>
  db()
    .selectFrom('product_order')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
const balance = async (owner: string, kind: string) =>
  (
    await db()
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', owner)
      .where('kind', '=', kind)
      .where('currency', '=', 'JPY')
      .executeTakeFirst()
  )?.balance ?? 0n;

async function expectReconciled(database: Db) {
  expect((await reconcile(database)).breaches).toEqual([]);
}

describe('striking a product at the close', () => {
  /** The user's inbox, oldest first: each message's kind and params. */
  const inboxOf = async (userId: number) =>
    (
      await db()
        .selectFrom('inbox_message')
        .select(['kind', 'params'])
        .where('user_id', '=', BigInt(userId))
        .orderBy('id')
        .execute()
    ).map((m) => ({ kind: m.kind, params: JSON.parse(m.params) as Record<string, string> }));

  it('gives follows placed before the close their units at the NAV, leaves later ones pending, invests the book, and strikes once', async () => {
    const start = afterClose('2026-11-25') - 3 * 3_600_000; // 13:00 JST, before the close
    const productId = await aProduct(db(), { nowMs: start, navDate: '2026-11-24' });
    const [ann, ben, cal] = [await aUser(db()), await aUser(db()), await aUser(db())];
    const early = await follows(productId, ann, 1_000_000n, start);
    const also = await follows(productId, ben, 500_000n, start);
    const late = await follows(productId, cal, 300_000n, afterClose('2026-11-25'));

    expect(await strikeDueProducts(depsAt(afterClose('2026-11-25')))).toBe(1);
    const [a, b, c] = await Promise.all([orderRow(early), orderRow(also), orderRow(late)]);
    // opening NAV 1.0000 yen a unit: ¥1,000,000 → 1,000,000.0000 units
    expect([a.status, a.units, a.struck_date, a.strike_nav, a.lockup_end]).toEqual([
      'following',
      10_000_000_000n,
      '2026-11-25',
      10_000n,
      '2026-12-02',
    ]);
    expect([b.status, b.units]).toEqual(['following', 5_000_000_000n]);
    expect([c.status, c.units]).toEqual(['pending', 0n]);
    // each follower is told, in the inbox, what the money bought; the late one nothing yet
    expect(await inboxOf(ann)).toEqual([
      {
        kind: 'product_struck',
        params: expect.objectContaining({
          units: '1000000.0000',
          amount: '1000000',
          nav: '1.0000',
        }),
      },
    ]);
    expect(await inboxOf(cal)).toEqual([]);
    expect(await balance(`u:${ann}`, 'hold:product')).toBe(0n);
    expect(await balance(`u:${cal}`, 'hold:product')).toBe(300_000n);
    const product = await db()
      .selectFrom('product')
      .selectAll()
      .where('id', '=', BigInt(productId))
      .executeTakeFirstOrThrow();
    expect([product.nav_date, product.book_units]).toEqual(['2026-11-25', 15_000_000_000n]);
    const holdings = await db()
      .selectFrom('product_holding')
      .select(['symbol', 'shares'])
      .where('product_id', '=', BigInt(productId))
      .execute();
    expect(holdings.length).toBeGreaterThan(0); // the momentum basket is bought at the close
    // the book's cash and its holdings at the closes are worth the ¥1,500,000 it took in
    expect(await balance('platform', 'platform:products')).toBe(product.book_cash);
    await expectReconciled(db());

    expect(await strikeDueProducts(depsAt(afterClose('2026-11-25') + 60_000))).toBe(0);
    await expectReconciled(db());
  });

  it('values a redemption at the next NAV, owes it from the book, and pays it the next business day, once', async () => {
    const start = afterClose('2026-11-24') - 3 * 3_600_000;
    const productId = await aProduct(db(), { nowMs: start, navDate: '2026-11-21', lockupDays: 0 });
    const dan = await aUser(db());
    const orderId = await follows(productId, dan, 2_000_000n, start);
    expect(await strikeDueProducts(depsAt(afterClose('2026-11-24')))).toBeGreaterThanOrEqual(1);
    const struck = await orderRow(orderId);
    await writeTransaction(db(), (trx) =>
      advance(trx, { kind: 'product_order', id: orderId, userId: dan }, 'following', 'redeeming', {
        nowMs: afterClose('2026-11-24') + 60_000,
      }),
    );
    await strikeDueProducts(depsAt(afterClose('2026-11-25')));
    const valued = await orderRow(orderId);
    const nav = (
      await db()
        .selectFrom('product_nav')
        .select('nav')
        .where('product_id', '=', BigInt(productId))
        .where('nav_date', '=', '2026-11-25')
        .executeTakeFirstOrThrow()
    ).nav;
    // units × NAV, rounded down: never more than the units are worth
    expect([valued.status, valued.redeem_nav, valued.redeem_amount, valued.pay_date]).toEqual([
      'redeemed',
      nav,
      (struck.units * nav) / 100_000_000n,
      '2026-11-26',
    ]);
    expect(await balance(`u:${dan}`, 'cash')).toBe(0n);
    await expectReconciled(db());

    // not before its payment day; then once
    expect(await payDueRedemptions(depsAt(afterClose('2026-11-25') + 3_600_000))).toBe(0);
    const payDay = Date.parse('2026-11-26T01:00:00Z');
    expect(await payDueRedemptions(depsAt(payDay))).toBe(1);
    expect(await payDueRedemptions(depsAt(payDay + 60_000))).toBe(0);
    expect((await orderRow(orderId)).status).toBe('ended');
    expect(await balance(`u:${dan}`, 'cash')).toBe(valued.redeem_amount);
    expect((await inboxOf(dan)).map((m) => m.kind)).toEqual(['product_struck', 'product_paid']);
    expect((await inboxOf(dan))[1]?.params).toMatchObject({
      amount: String(valued.redeem_amount),
      currency: 'JPY',
    });
    await expectReconciled(db());
  });

  it('strikes a new product’s NAV history from its first date on the market history, once', async () => {
    const nowMs = afterClose('2026-11-27');
    const productId = await aProduct(db(), { nowMs, navDate: null });
    await db()
      .updateTable('product')
      .set({ first_date: '2026-10-01' })
      .where('id', '=', BigInt(productId))
      .execute();
    await strikeDueProducts(depsAt(nowMs));
    const navs = await db()
      .selectFrom('product_nav')
      .select(['nav_date', 'nav'])
      .where('product_id', '=', BigInt(productId))
      .orderBy('nav_date')
      .execute();
    expect(navs.map((n) => n.nav_date)).toEqual(
      tradingDaysBetween('JP', '2026-10-01', '2026-11-27'),
    );
    expect(navs[0]?.nav).toBe(10_000n);
    expect(new Set(navs.map((n) => n.nav)).size).toBeGreaterThan(1); // the strategy moved it
    const product = await db()
      .selectFrom('product')
      .select(['nav', 'nav_date', 'book_units', 'book_cash'])
      .where('id', '=', BigInt(productId))
      .executeTakeFirstOrThrow();
    expect(product).toEqual({
      nav: navs[navs.length - 1]?.nav,
      nav_date: '2026-11-27',
      book_units: 0n,
      book_cash: 0n,
    });
    await strikeDueProducts(depsAt(nowMs + 60_000));
    const again = await db()
      .selectFrom('product_nav')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('product_id', '=', BigInt(productId))
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(navs.length);
    await expectReconciled(db());
  });
});
