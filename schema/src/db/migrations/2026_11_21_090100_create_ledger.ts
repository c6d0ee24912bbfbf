import { sql, type Kysely } from 'kysely';
import { idColumnType } from './2026_11_21_090000_create_accounts.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ledger_account_owner_kind_currency', ['owner_key', 'kind', 'currency'])
    // I4 as a last line of defence: a user's cash and holds never go below zero.
    .addCheckConstraint('ledger_account_no_negative', sql`allow_negative = 1 or balance >= 0`)
    .execute();
  await db.schema
    .createIndex('ledger_account_user')
    .on('ledger_account')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('ledger_sequence')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('ledger_sequence').values({ id: 1, last_seq: 0 }).execute();
  await db.schema
    .createTable('journal')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_user').on('journal').columns(['user_id', 'kind']).execute();
  await db.schema
    .createTable('posting')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('journal_id', 'bigint', (c) => c.notNull().references('journal.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addCheckConstraint('posting_nonzero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('posting_account').on('posting').column('account_id').execute();
  await db.schema.createIndex('posting_journal').on('posting').column('journal_id').execute();
  await db.schema
    .createTable('idempotency_key')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['user_id', 'request_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'idempotency_key',
    'posting',
    'journal',
    'ledger_sequence',
    'ledger_account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
