import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MIGRATIONS } from 'kysely';
import { createMigrator } from '../src/db/index.ts';
import { aUser, makeTestDb, putInStatus, type TestDb } from '../src/testing/index.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => testDb.cleanup());

describe('migrations', () => {
  it('when run down to nothing and up again, end with every table in place', async () => {
    const migrator = createMigrator(testDb.db, testDb.schema);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const tables = (await testDb.db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'app_user',
      'session',
      'ledger_account',
      'journal',
      'posting',
      'idempotency_key',
    ]) {
      expect(tables).toContain(table);
    }
  });
});

describe('migration 2026_11_23_110000_withdrawal_explicit_status', () => {
  let cards = 0;
  async function aCard(userId: number): Promise<bigint> {
    cards += 1;
    const card = await testDb.db
      .insertInto('bank_card')
      .values({
        user_id: BigInt(userId),
        holder_kana: 'ヤマダ\u3000タロウ',
        bank_name: 'みずほ銀行',
        branch_name: '本店',
        branch_code: '001',
        card_type: 'ordinary',
        account_number: String(1_000_000 + cards),
        created_at: 1,
        updated_at: 1,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return card.id;
  }

  /** A withdrawal row as the schema before the migration stored it. */
  async function anOldWithdrawal(userId: number, approvedAt: number | null): Promise<bigint> {
    const row = await testDb.db
      .insertInto('withdrawal')
      .values({
        user_id: BigInt(userId),
        card_id: await aCard(userId),
        currency: 'JPY',
        amount: 20_000n,
        status: 'pending',
        reason: null,
        hold_journal_id: 1n,
        settle_journal_id: null,
        reviewed_by: approvedAt === null ? null : 1n,
        reviewed_at: approvedAt,
        approved_by: approvedAt === null ? null : 1n,
        approved_at: approvedAt,
        payout_reference: null,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const statusOf = async (id: bigint) =>
    (
      await testDb.db
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('turns a pending withdrawal with approved_at into approved, keeps one open withdrawal per user, and goes back down', async () => {
    const migrator = createMigrator(testDb.db, testDb.schema);
    const before = await migrator.migrateTo('2026_11_23_100000_account_event_outbox');
    expect(before.error).toBeUndefined();
    const approvedUser = await aUser(testDb.db);
    const pendingUser = await aUser(testDb.db);
    const approved = await anOldWithdrawal(approvedUser, 1_700_000_000_000);
    const pending = await anOldWithdrawal(pendingUser, null);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect([await statusOf(approved), await statusOf(pending)]).toEqual(['approved', 'pending']);
    // An approved withdrawal is still open: the user cannot have a second one.
    await expect(anOldWithdrawal(approvedUser, null)).rejects.toThrow(
      /withdrawal_one_pending|withdrawal\.user_id/,
    );
    await putInStatus(testDb.db, 'withdrawal', approved, 'sending');
    await expect(anOldWithdrawal(approvedUser, null)).rejects.toThrow(
      /withdrawal_one_pending|withdrawal\.user_id/,
    );
    await putInStatus(testDb.db, 'withdrawal', approved, 'failed');
    const next = await anOldWithdrawal(approvedUser, null);
    await expect(
      // @ts-expect-error 'sent' is no withdrawal status: the table's check refuses it too
      testDb.db.updateTable('withdrawal').set({ status: 'sent' }).where('id', '=', next).execute(),
    ).rejects.toThrow(/CHECK|check/);
    const down = await migrator.migrateTo('2026_11_23_100000_account_event_outbox');
    expect(down.error).toBeUndefined();
    expect([await statusOf(approved), await statusOf(pending), await statusOf(next)]).toEqual([
      'rejected',
      'pending',
      'pending',
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
