import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import { systemClock } from '../src/contracts/index.ts';
import {
  createMigrator,
  migrateToLatest,
  postJournal,
  reconcile,
  writeTransaction,
  type Db,
} from '../src/db/index.ts';
import { aUser, makeTestDb, type TestDb } from '../src/testing/index.ts';

// Issue 22: each posting records its account's balance just after it (what a statement shows),
// written with the posting; the migration fills it for the postings written before.
const BEFORE = '2026_11_27_160000_reversal_cause';
const system = { type: 'system', id: 'test' } as const;
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

const postingsOf = (accountId: bigint) =>
  db
    .selectFrom('posting')
    .select(['amount', 'balance_after'])
    .where('account_id', '=', accountId)
    .orderBy('journal_id')
    .orderBy('id')
    .execute();

async function cashAccountOf(userId: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_key', '=', `u:${userId}`)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.id;
}

function grant(userId: number, amountMinor: bigint) {
  return writeTransaction(db, (trx) =>
    postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor,
        }),
      },
      systemClock.nowMs(),
    ),
  );
}

describe('balance after each posting', () => {
  it('is written with each posting, also two postings to one account in one journal', async () => {
    const userId = await aUser(db);
    await grant(userId, 1_000n);
    await writeTransaction(db, (trx) =>
      postJournal(
        trx,
        {
          kind: 'position_open',
          memo: 'open',
          actor: system,
          postings: [
            ...transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: userAccount(userId, 'margin', 'JPY'),
              amountMinor: 300n,
            }),
            ...transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: platformAccount('platform:fees', 'JPY'),
              amountMinor: 7n,
            }),
          ],
        },
        systemClock.nowMs(),
      ),
    );
    const rows = await postingsOf(await cashAccountOf(userId));
    expect(rows.map((r) => [r.amount, r.balance_after])).toEqual([
      [1_000n, 1_000n],
      [-300n, 700n],
      [-7n, 693n],
    ]);
    expect((await reconcile(db)).breaches.filter((b) => b.invariant.startsWith('I3'))).toEqual([]);
  });

  it('is filled by the migration for postings written before it, as a running sum', async () => {
    const migrator = createMigrator(db, testDb.schema);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const userId = await aUser(db);
    const cash = await db
      .insertInto('ledger_account')
      .values({
        owner_key: `u:${userId}`,
        user_id: BigInt(userId),
        kind: 'cash',
        currency: 'JPY',
        balance: 0n,
        allow_negative: 0,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = Number(
      (await sql<{ n: bigint | null }>`select max(id) as n from journal`.execute(db)).rows[0]?.n ??
        0,
    );
    for (const [offset, amount] of [
      [3, 500],
      [1, 200],
      [2, -50],
    ] as const) {
      const journalId = base + 1_000_000 + offset; // clear of PostgreSQL's id sequence
      await sql`insert into journal (id, seq, kind, memo, actor_type, actor_id, user_id, created_at)
        values (${journalId}, ${journalId}, 'paper_grant', 'old', 'system', 'test', ${userId}, 1)`.execute(
        db,
      );
      await sql`insert into posting (journal_id, account_id, currency, amount)
        values (${journalId}, ${cash.id}, 'JPY', ${amount})`.execute(db);
    }
    await sql`update ledger_sequence set last_seq = ${base + 1_000_003} where id = 1`.execute(db);
    await migrateToLatest(db, testDb.schema);
    // In the order applied: journal 1 (+200), 2 (−50), 3 (+500), whatever the insert order.
    expect((await postingsOf(cash.id)).map((r) => r.balance_after)).toEqual([200n, 150n, 650n]);
  });

  it('reconcile names an account whose newest posting recorded another balance', async () => {
    const userId = await aUser(db);
    await grant(userId, 40n);
    const account = await cashAccountOf(userId);
    await db
      .updateTable('posting')
      .set({ balance_after: 41n })
      .where('account_id', '=', account)
      .execute();
    const breaches = (await reconcile(db)).breaches.filter((b) =>
      b.detail.startsWith(`account ${account} `),
    );
    expect(breaches.map((b) => b.invariant)).toEqual([
      'I3 balance equals the sum of its postings and its newest balance_after',
    ]);
  });
});
