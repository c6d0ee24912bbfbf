import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountEventOutbox, reconcile, writeTransaction, type Db } from '@kabuto/schema/db';
import { parseScaledPrice } from '@kabuto/schema/market';
import { purchaseCost } from '@kabuto/schema/modules/block/domain/index.ts';
import { insertOffer, takeLots } from '@kabuto/schema/modules/block/db/offers.repository.ts';
import { insertOrder } from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { aUser, makeTestDb, TEST_SECRET_BOX, type TestDb } from '@kabuto/schema/testing';
import { settleDueOffers } from '../src/jobs/block/block-settlement.ts';
import { holdBlockCost } from './support/block-holds.ts';
import { grantCash, jobDepsAt } from './support/job-deps.ts';

// The block settlement on a real database: at the settlement time each held purchase becomes a
// holding at the offer price, leverage 1, its hold posted to margin; a rerun changes nothing.
let testDb: TestDb;
const outboxes: AccountEventOutbox[] = [];
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
  await testDb.cleanup();
});

const OPEN = Date.UTC(2026, 10, 27, 0, 0);
const CLOSE = OPEN + 6 * 3_600_000;
const SETTLE = CLOSE + 86_400_000;
const PRICE = parseScaledPrice('2800', 'JP');

const depsAt = (db: Db, nowMs: number) => jobDepsAt(db, nowMs, outboxes);

/** What the buy call does (the gateway's): lots taken, the purchase, cash → hold:block. */
async function purchase(db: Db, offerId: number, userId: number, lots: number): Promise<bigint> {
  const amount = purchaseCost('JP', PRICE, 100, lots);
  await grantCash(db, userId, 'JPY', amount, OPEN);
  await writeTransaction(db, async (trx) => {
    expect(await takeLots(trx, offerId, lots)).toBe(true);
    const orderId = await insertOrder(trx, {
      ...{ offerId, userId, lots, amount, requestId: `req-${offerId}-${userId}`, nowMs: OPEN },
    });
    await holdBlockCost(trx, { id: orderId, userId, amount }, OPEN);
  });
  return amount;
}

const balanceOf = async (db: Db, userId: number, kind: string) =>
  (
    await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', `u:${userId}`)
      .where('kind', '=', kind)
      .executeTakeFirst()
  )?.balance ?? 0n;

describe('block settlement', () => {
  it('opens each held purchase as a holding at the offer price, leverage 1, at the settlement time, once', async () => {
    const db = testDb.db;
    const offerId = await insertOffer(
      db,
      {
        ...{ symbol: '7203', market: 'JP', currency: 'JPY', price: PRICE },
        ...{ prevClose: parseScaledPrice('2850', 'JP'), lot: 100, lotsTotal: 10 },
        ...{ minLots: 1, maxLots: 5, rule: 'first_come', keyHash: null },
        ...{ opensAt: OPEN, closesAt: CLOSE, settlesAt: SETTLE },
      },
      { createdBy: null, nowMs: OPEN - 1, box: TEST_SECRET_BOX },
    );
    const [a, b] = [await aUser(db), await aUser(db)];
    const amountA = await purchase(db, offerId, a, 2);
    const amountB = await purchase(db, offerId, b, 3);
    expect((await reconcile(db)).breaches).toEqual([]);

    expect(await settleDueOffers(depsAt(db, SETTLE - 1))).toBe(0);
    expect(await balanceOf(db, a, 'hold:block')).toBe(amountA);

    expect(await settleDueOffers(depsAt(db, SETTLE))).toBe(2);
    const positions = await db
      .selectFrom('position')
      .selectAll()
      .where('symbol', '=', '7203')
      .orderBy('id')
      .execute();
    expect(
      positions.map((p) => [Number(p.user_id), p.side, p.qty, p.open_price, p.leverage, p.margin]),
    ).toEqual([
      [a, 'long', 200n, PRICE, 1n, amountA],
      [b, 'long', 300n, PRICE, 1n, amountB],
    ]);
    expect([await balanceOf(db, a, 'hold:block'), await balanceOf(db, a, 'margin')]).toEqual([
      0n,
      amountA,
    ]);
    const orders = await db
      .selectFrom('block_order')
      .select(['status', 'position_id', 'settle_journal_id'])
      .where('offer_id', '=', BigInt(offerId))
      .orderBy('id')
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['settled', 'settled']);
    expect(orders.every((o) => o.position_id !== null && o.settle_journal_id !== null)).toBe(true);
    const offer = await db
      .selectFrom('block_offer')
      .select('settled_at')
      .where('id', '=', BigInt(offerId))
      .executeTakeFirstOrThrow();
    expect(offer.settled_at).toBe(BigInt(SETTLE));
    expect((await reconcile(db)).breaches).toEqual([]);

    const journals = await db.selectFrom('journal').select('id').execute();
    expect(await settleDueOffers(depsAt(db, SETTLE + 60_000))).toBe(0);
    expect(await db.selectFrom('journal').select('id').execute()).toEqual(journals);
  });
});
