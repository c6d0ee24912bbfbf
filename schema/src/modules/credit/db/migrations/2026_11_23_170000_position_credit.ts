import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Added credit (issue 13): each addition of margin to an open position is a row, open while its
 * position is open and returned with the margin when it closes. One row per (user, request_id),
 * so a retried request finds its first row.
 */
export async function up(db: AnyDb): Promise<void> {
  await createPositionCredit(db);
  await addDepositChannelNames(db);
}

/**
 * Spec leftover carried in this migration: a deposit channel's name in English and
 * Chinese beside the operator's (Japanese) `name`, so the channel picker speaks the reader's
 * language. The receiving bank's own names (bank, branch, payee kana) stay as the bank shows them.
 */
async function addDepositChannelNames(db: AnyDb): Promise<void> {
  await db.schema.alterTable('deposit_channel').addColumn('name_en', 'text').execute();
  await db.schema.alterTable('deposit_channel').addColumn('name_zh', 'text').execute();
}

async function createPositionCredit(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('position_credit')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('returned_at', 'bigint')
    .addCheckConstraint('position_credit_amount', sql`amount > 0`)
    .addCheckConstraint('position_credit_status', sql`status in ('open', 'returned')`)
    .execute();
  await db.schema
    .createIndex('position_credit_request')
    .on('position_credit')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('position_credit_position')
    .on('position_credit')
    .columns(['position_id', 'status'])
    .execute();
  await db.schema
    .createIndex('position_credit_user')
    .on('position_credit')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('deposit_channel').dropColumn('name_zh').execute();
  await db.schema.alterTable('deposit_channel').dropColumn('name_en').execute();
  await db.schema.dropTable('position_credit').execute();
}
