import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { aUser, makeTestDb, type TestDb } from '../../testing/index.ts';
import { productBooks, productHolds } from './db/reconcile.ts';

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

async function aProduct(bookUnits: bigint, bookCash = 0n): Promise<bigint> {
  const row = await db
    .insertInto('product')
    .values({
      name: 'Momentum 20/60',
      issuer: 'Kabuto Quant',
      strategy: 'momentum',
      universe: '7203,6758,9984',
      market: 'JP',
      currency: 'JPY',
      min_amount: 100_000n,
      deadline_at: 0,
      lockup_days: 7,
      fee_bps: 100,
      status: 'open',
      first_date: '2026-01-05',
      book_cash: bookCash,
      book_units: bookUnits,
      nav: 10_000n,
      nav_date: null,
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

async function anOrder(
  userId: number,
  productId: bigint,
  status: 'pending' | 'following' | 'redeeming' | 'ended',
  amount: bigint,
  units: bigint,
): Promise<void> {
  await db
    .insertInto('product_order')
    .values({
      user_id: userId,
      product_id: productId,
      currency: 'JPY',
      amount,
      units,
      status,
      request_id: `r-${Math.random()}`,
      created_at: 0,
      struck_date: null,
      strike_nav: null,
      lockup_end: null,
      redeem_request_id: null,
      redeem_nav: null,
      redeem_amount: null,
      pay_date: null,
    })
    .execute();
}

describe('products reconcile', () => {
  it('finds a book whose units are its holders’ units (following and redeeming, not pending or ended) sound', async () => {
    const userId = await aUser(db);
    const productId = await aProduct(3_000_000n);
    await anOrder(userId, productId, 'following', 100_000n, 1_000_000n);
    await anOrder(userId, productId, 'redeeming', 200_000n, 2_000_000n);
    await anOrder(userId, productId, 'ended', 50_000n, 500_000n);
    expect(
      (await productBooks(db)).filter((b) => b.detail.includes(`product ${productId} `)),
    ).toEqual([]);
  });

  it('reports a book whose units differ from its holders’; the table refuses negative book cash', async () => {
    const userId = await aUser(db);
    await expect(aProduct(0n, -1n)).rejects.toThrow(/product_book|check/i);
    const productId = await aProduct(1n);
    await anOrder(userId, productId, 'following', 100_000n, 2n);
    const mine = (await productBooks(db)).filter((b) => b.detail.includes(`product ${productId} `));
    expect(mine).toEqual([
      {
        invariant: 'I5 product book units equal its holders’ units',
        detail: `product ${productId} book 1 units but orders hold 2`,
      },
    ]);
  });

  it('reports a pending order whose money is not held in hold:product', async () => {
    const userId = await aUser(db);
    const productId = await aProduct(0n);
    await anOrder(userId, productId, 'pending', 100_000n, 0n);
    const mine = (await productHolds(db)).filter((b) => b.detail.startsWith(`u:${userId} `));
    expect(mine).toEqual([
      {
        invariant: 'I5 product hold equals the pending product orders’ money',
        detail: `u:${userId} JPY hold:product 0 but pending orders 100000`,
      },
    ]);
  });
});
