import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Corrections with four eyes (issue 21): an administrator asks for a journal to be reversed, with
 * a reason; a second administrator approves (the reversal journal is posted) or rejects it. A
 * journal has at most one request that is not rejected.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('reversal_request')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('journal_id', 'bigint', (c) => c.notNull().references('journal.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'bigint', (c) => c.notNull().references('admin_user.id'))
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'bigint', (c) => c.references('admin_user.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_reason', 'text')
    .addColumn('reversal_journal_id', 'bigint', (c) => c.references('journal.id'))
    .execute();
  await db.schema
    .createIndex('reversal_request_one_per_journal')
    .on('reversal_request')
    .column('journal_id')
    .unique()
    .where(sql<boolean>`status <> 'rejected'`)
    .execute();
  await db.schema
    .createIndex('reversal_request_status')
    .on('reversal_request')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reversal_request').execute();
}
