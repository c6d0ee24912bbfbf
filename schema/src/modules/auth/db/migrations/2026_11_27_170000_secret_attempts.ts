import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The secret-guarding limits move from Redis to the database (decision 93): one row per limit and
 * key, spent with one conditional upsert, so a Redis restart that lost its data resets none.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('secret_attempt')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('secret_attempt_expires_at')
    .on('secret_attempt')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('secret_attempt').execute();
}
