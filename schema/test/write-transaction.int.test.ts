import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction, type Db } from '../src/db/index.ts';
import { aUser, makeTestDb, untilWaiting, type TestDb } from '../src/testing/index.ts';

let testDb: TestDb;
let db: Db;
/** makeTestDb's choice: PostgreSQL under DATABASE_URL, else SQLite (known before the tests are collected). */
const ON_POSTGRES = Boolean(process.env['DATABASE_URL']);

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

async function messagesOf(userId: number): Promise<number> {
  const rows = await db
    .selectFrom('inbox_message')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .execute();
  return rows.length;
}

function writeMessage(userId: number, announced: string[], name: string, fail: boolean) {
  return writeTransaction(db, async (trx) => {
    await trx
      .insertInto('inbox_message')
      .values({ user_id: BigInt(userId), kind: 'test', params: '{}', created_at: 1 })
      .execute();
    trx.afterCommit(() => {
      announced.push(name);
    });
    if (fail) throw new Error(`${name} refused`);
    return name;
  });
}

describe('writeTransaction: after-commit work', () => {
  it('runs a write’s after-commit hooks once its COMMIT has succeeded', async () => {
    const userId = await aUser(db);
    const announced: string[] = [];
    await expect(writeMessage(userId, announced, 'first', false)).resolves.toBe('first');
    expect(announced).toEqual(['first']);
    expect(await messagesOf(userId)).toBe(1);
  });

  it('announces nothing for a write that rolled back, while the writes beside it in the same batch are announced', async () => {
    const userId = await aUser(db);
    const announced: string[] = [];
    // Started in one turn of the event loop: on SQLite they share one BEGIN … COMMIT.
    const results = await Promise.allSettled([
      writeMessage(userId, announced, 'kept-1', false),
      writeMessage(userId, announced, 'refused', true),
      writeMessage(userId, announced, 'kept-2', false),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(announced.sort()).toEqual(['kept-1', 'kept-2']);
    expect(await messagesOf(userId)).toBe(2);
  });

  // A PostgreSQL commit is per write: covered above.
  it.skipIf(ON_POSTGRES)('announces nothing when the shared COMMIT itself fails', async () => {
    const userId = await aUser(db);
    const announced: string[] = [];
    // A deferred foreign key fails at COMMIT, after every savepoint of the batch was released.
    const failing = writeTransaction(db, async (trx) => {
      await trx.executeQuery({
        sql: 'pragma defer_foreign_keys = on',
        parameters: [],
        query: { kind: 'RawNode', sqlFragments: [], parameters: [] },
      } as never);
      await trx
        .insertInto('inbox_message')
        .values({ user_id: 999_999_999n, kind: 'test', params: '{}', created_at: 1 })
        .execute();
      trx.afterCommit(() => {
        announced.push('orphan');
      });
    });
    const beside = writeMessage(userId, announced, 'beside', false);
    const results = await Promise.allSettled([failing, beside]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(announced).toEqual([]);
    expect(await messagesOf(userId)).toBe(0);
  });
});

describe('writeTransaction: { lockUser }', () => {
  // SQLite: BEGIN IMMEDIATE already serialises every writer (a second process waits on the file).
  it.skipIf(!ON_POSTGRES)(
    'holds a second money command of the same user until the first has committed',
    async () => {
      const userId = await aUser(db);
      const order: string[] = [];
      let releaseFirst = () => undefined as void;
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      const first = writeTransaction(
        db,
        async () => {
          order.push('first:start');
          await firstHolds;
          order.push('first:end');
        },
        { lockUser: userId },
      );
      await expect.poll(() => order).toEqual(['first:start']); // the first holds the user's row
      const second = testDb.openAnother();
      const secondDone = writeTransaction(
        second,
        async () => {
          order.push('second');
        },
        { lockUser: userId },
      );
      await untilWaiting(db, 'lock'); // the second waits for it
      releaseFirst();
      await Promise.all([first, secondDone]);
      expect(order).toEqual(['first:start', 'first:end', 'second']);
    },
  );
});
