import type { Kysely } from 'kysely';

// Account events go through an outbox (decision 46-H2): each is written in the transaction that
// caused it, numbered there from `account_event_seq` (durable, one row per account, so the seq
// survives a Redis restart and follows commit order), and deleted once relayed to Redis.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_event_seq')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_event_outbox')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_event_outbox_pk', ['user_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('account_event_outbox_created')
    .on('account_event_outbox')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_event_outbox').execute();
  await db.schema.dropTable('account_event_seq').execute();
}
