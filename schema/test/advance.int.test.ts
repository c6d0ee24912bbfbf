import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import { holdForOrder, releaseOrderHold } from '../src/domain/trading/index.ts';
import {
  advance,
  cashBalance,
  postJournal,
  writeTransaction,
  type Db,
  type WriteTrx,
} from '../src/db/index.ts';
import { aUser, makeTestDb, type TestDb } from '../src/testing/index.ts';

const system = { type: 'system', id: 'test' } as const;
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

/** A user with ¥100,000 of which ¥30,000 is held by one resting limit order. */
async function userWithHeldOrder(): Promise<{ userId: number; orderId: bigint }> {
  const userId = await aUser(db);
  return writeTransaction(db, async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 100_000n,
        }),
      },
      1,
    );
    await postJournal(
      trx,
      {
        kind: 'order_hold',
        memo: 'hold',
        actor: system,
        postings: holdForOrder(userId, 'JPY', 30_000n),
      },
      1,
    );
    const order = await trx
      .insertInto('trade_order')
      .values({
        user_id: BigInt(userId),
        symbol: '7203',
        currency: 'JPY',
        side: 'long',
        kind: 'limit',
        limit_price: 2_800n,
        qty: 100n,
        leverage: 1n,
        status: 'pending',
        hold_amount: 30_000n,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId, orderId: order.id };
  });
}

function cancel(trx: WriteTrx, userId: number, orderId: bigint, announced: string[]) {
  return advance(trx, { kind: 'trade_order', id: orderId, userId }, 'pending', 'cancelled', {
    nowMs: 2,
    set: { updated_at: 2 },
    journal: {
      kind: 'order_release',
      memo: 'release',
      actor: system,
      postings: releaseOrderHold(userId, 'JPY', 30_000n),
    },
    inbox: { kind: 'margin_call', params: { symbol: '7203', price: '0' } },
    afterCommit: () => {
      announced.push(`cancelled ${orderId}`);
    },
  });
}

async function state(userId: number, orderId: bigint) {
  const order = await db
    .selectFrom('trade_order')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const journals = await db.selectFrom('journal').select('id').execute();
  const inbox = await db
    .selectFrom('inbox_message')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .execute();
  return {
    status: order.status,
    cash: await cashBalance(db, userId, 'JPY'),
    journals: journals.length,
    inbox: inbox.length,
  };
}

describe('advance: one decision per hold', () => {
  it('posts the first decision with its journal, inbox message and announcement; a second decision on the same row changes nothing', async () => {
    const { userId, orderId } = await userWithHeldOrder();
    const announced: string[] = [];
    const first = await writeTransaction(db, (trx) => cancel(trx, userId, orderId, announced));
    expect(first.advanced).toBe(true);
    const after = await state(userId, orderId);
    expect(after).toMatchObject({ status: 'cancelled', cash: 100_000n, inbox: 1 });
    expect(announced).toEqual([`cancelled ${orderId}`]);
    // The fill (or a second cancel) arriving late finds the order no longer pending.
    const late = await writeTransaction(db, (trx) =>
      advance(trx, { kind: 'trade_order', id: orderId, userId }, 'pending', 'filled', {
        nowMs: 3,
        journal: {
          kind: 'order_release',
          memo: 'release again',
          actor: system,
          postings: releaseOrderHold(userId, 'JPY', 30_000n),
        },
        afterCommit: () => {
          announced.push('filled');
        },
      }),
    );
    expect(late).toEqual({ advanced: false });
    expect(await state(userId, orderId)).toEqual(after);
    expect(announced).toEqual([`cancelled ${orderId}`]);
  });

  it('announces nothing and writes nothing when the caller’s transaction rolls back', async () => {
    const { userId, orderId } = await userWithHeldOrder();
    const before = await state(userId, orderId);
    const announced: string[] = [];
    await expect(
      writeTransaction(db, async (trx) => {
        await cancel(trx, userId, orderId, announced);
        throw new Error('the caller refuses after the decision');
      }),
    ).rejects.toThrow('the caller refuses');
    // A later write has committed (on SQLite, after the batch the refused one was in): the
    // refused one's hooks, had they been kept, would have run by now.
    await writeTransaction(db, () => Promise.resolve());
    expect(announced).toEqual([]);
    expect(await state(userId, orderId)).toEqual(before);
  });

  it('refuses a transition the lifecycle does not allow', async () => {
    const { userId, orderId } = await userWithHeldOrder();
    await expect(
      writeTransaction(db, (trx) =>
        // @ts-expect-error 'paid' is not a status a trade order moves to
        advance(trx, { kind: 'trade_order', id: orderId, userId }, 'pending', 'paid', { nowMs: 1 }),
      ),
    ).rejects.toThrow('trade_order: pending → paid');
  });
});
