import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMigrator, dialectOf, type Db } from '../src/db/index.ts';
import { aUser, makeTestDb, type TestDb } from '../src/testing/index.ts';

// Red team: migration 2026_11_23_110000_withdrawal_explicit_status run on a database holding a
// withdrawal in every state the old schema knew, on whichever dialect the run uses. The rebuilt
// (SQLite) or re-checked (PostgreSQL) table must keep every row and column as it was, its ids, its
// indexes, its foreign keys and its checks; a second `migrate` is a no-op.
const BEFORE = '2026_11_23_100000_account_event_outbox';
/** The migration under test; later ones (new columns) are not part of what this compares. */
const THIS = '2026_11_23_110000_withdrawal_explicit_status';
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

let cards = 0;
async function aCard(userId: number): Promise<bigint> {
  cards += 1;
  const card = await db
    .insertInto('bank_card')
    .values({
      user_id: BigInt(userId),
      holder_kana: 'ヤマダ\u3000タロウ',
      bank_name: 'みずほ銀行',
      branch_name: '本店',
      branch_code: '001',
      card_type: 'ordinary',
      account_number: String(2_000_000 + cards),
      created_at: 1,
      updated_at: 1,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return card.id;
}

type OldState = 'pending' | 'approved' | 'paid' | 'rejected';

/** A withdrawal as the old schema stored it (approved = pending with approved_at). */
async function anOldWithdrawal(userId: number, state: OldState, n: number) {
  const approved = state !== 'pending' && state !== 'rejected';
  const row = await db
    .insertInto('withdrawal')
    .values({
      user_id: BigInt(userId),
      card_id: await aCard(userId),
      currency: n % 2 === 0 ? 'JPY' : 'USD',
      amount: BigInt(10_000 + n),
      status: state === 'approved' ? 'pending' : state,
      reason: state === 'rejected' ? `reason ${n}` : null,
      hold_journal_id: BigInt(100 + n),
      settle_journal_id: state === 'paid' || state === 'rejected' ? BigInt(200 + n) : null,
      reviewed_by: state === 'pending' ? null : 1n,
      reviewed_at: state === 'pending' ? null : 1_700_000_000_000 + n,
      approved_by: approved ? 1n : null,
      approved_at: approved ? 1_700_000_000_000 + n : null,
      payout_reference: state === 'paid' ? `LB${n}` : null,
      created_at: 1_600_000_000_000 + n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const allRows = () => db.selectFrom('withdrawal').selectAll().orderBy('id').execute();

async function indexesOfWithdrawal(): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    const rows = await sql<{ name: string }>`
      select name from sqlite_master where type = 'index' and tbl_name = 'withdrawal'
        and name not like 'sqlite_autoindex%' order by name`.execute(db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ indexname: string }>`
    select indexname from pg_indexes where tablename = 'withdrawal'
      and indexname <> 'withdrawal_pkey' order by indexname`.execute(db);
  return rows.rows.map((r) => r.indexname);
}

describe('migration withdrawal_explicit_status on rows in every state', () => {
  it('keeps every row, id, column, index, foreign key and check; a second migrate is a no-op', async () => {
    const migrator = createMigrator(db, testDb.schema);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const indexesBefore = await indexesOfWithdrawal();
    const states: OldState[] = ['pending', 'approved', 'paid', 'rejected', 'paid', 'rejected'];
    const ids: bigint[] = [];
    let n = 0;
    for (const state of states) ids.push(await anOldWithdrawal(await aUser(db), state, (n += 1)));
    // A gap in the ids (a row removed by hand): the rebuild must not renumber.
    await db.deleteFrom('withdrawal').where('id', '=', ids[4]!).execute();
    const before = await allRows();

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();

    const after = await allRows();
    const expected = before.map((r) =>
      r.status === 'pending' && r.approved_at !== null ? { ...r, status: 'approved' } : r,
    );
    expect(after).toEqual(expected);
    expect(after.map((r) => r.status)).toEqual([
      'pending',
      'approved',
      'paid',
      'rejected',
      'rejected',
    ]);
    expect(await indexesOfWithdrawal()).toEqual(indexesBefore);

    // Foreign keys: no withdrawal for a user or a card that does not exist.
    const userId = await aUser(db);
    const card = await aCard(userId);
    const valid = {
      user_id: BigInt(userId),
      card_id: card,
      currency: 'JPY',
      amount: 10_000n,
      status: 'pending' as const,
      reason: null,
      hold_journal_id: 1n,
      settle_journal_id: null,
      reviewed_by: null,
      reviewed_at: null,
      approved_by: null,
      approved_at: null,
      payout_reference: null,
      created_at: 1,
    };
    await expect(
      db
        .insertInto('withdrawal')
        .values({ ...valid, user_id: 999_999_999n })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY|foreign key/);
    await expect(
      db
        .insertInto('withdrawal')
        .values({ ...valid, card_id: 999_999_999n })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY|foreign key/);
    // Checks: a positive amount, a known status.
    await expect(
      db
        .insertInto('withdrawal')
        .values({ ...valid, amount: 0n })
        .execute(),
    ).rejects.toThrow(/CHECK|check/);
    await expect(
      db
        .insertInto('withdrawal')
        // @ts-expect-error 'sent' is no withdrawal status: the table's check refuses it too
        .values({ ...valid, status: 'sent' })
        .execute(),
    ).rejects.toThrow(/CHECK|check/);
    // Ids keep counting after the highest one.
    const next = await db
      .insertInto('withdrawal')
      .values(valid)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(ids[ids.length - 1]!);

    // A second migrate does nothing and changes nothing.
    const again = await migrator.migrateTo(THIS);
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
    expect(await indexesOfWithdrawal()).toEqual(indexesBefore);
  });
});

describe.runIf(!process.env['DATABASE_URL'])(
  'migration withdrawal_explicit_status interrupted on SQLite',
  () => {
    it('a rebuild that fails half-way (a view over withdrawal) leaves the table, its rows and its index as they were, and runs once the view is gone', async () => {
      const own = await makeTestDb();
      try {
        const d = own.db;
        const migrator = createMigrator(d, own.schema);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const userId = await aUser(d);
        const card = await d
          .insertInto('bank_card')
          .values({
            user_id: BigInt(userId),
            holder_kana: 'ヤマダ\u3000タロウ',
            bank_name: 'みずほ銀行',
            branch_name: '本店',
            branch_code: '001',
            card_type: 'ordinary',
            account_number: '3000001',
            created_at: 1,
            updated_at: 1,
            removed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await d
          .insertInto('withdrawal')
          .values({
            user_id: BigInt(userId),
            card_id: card.id,
            currency: 'JPY',
            amount: 10_000n,
            status: 'pending',
            reason: null,
            hold_journal_id: 1n,
            settle_journal_id: null,
            reviewed_by: 1n,
            reviewed_at: 1,
            approved_by: 1n,
            approved_at: 1,
            payout_reference: null,
            created_at: 1,
          })
          .execute();
        // An operator's reporting view: SQLite's RENAME re-checks every view, and this one names
        // a table the rebuild has just dropped.
        await sql`create view withdrawal_report as select id, status from withdrawal`.execute(d);
        const failed = await migrator.migrateToLatest();
        expect(failed.error).toBeDefined();
        const tables = await sql<{ name: string }>`
          select name from sqlite_master where type in ('table', 'index')
            and (tbl_name = 'withdrawal' or name like 'withdrawal_rebuilt%') order by name`.execute(
          d,
        );
        expect(tables.rows.map((r) => r.name)).toEqual([
          'withdrawal',
          'withdrawal_one_pending',
          'withdrawal_user',
        ]);
        expect(await d.selectFrom('withdrawal').select('status').execute()).toEqual([
          { status: 'pending' },
        ]);
        await sql`drop view withdrawal_report`.execute(d);
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        expect(await d.selectFrom('withdrawal').select('status').execute()).toEqual([
          { status: 'approved' },
        ]);
      } finally {
        await own.cleanup();
      }
    });
  },
);
