import type { Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Price alerts (active ones read by symbol), Web Push subscriptions, the VAPID key pair. */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('price_alert')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('triggered_at', 'bigint')
    .addColumn('triggered_price', 'bigint')
    .execute();
  await db.schema
    .createIndex('price_alert_user')
    .on('price_alert')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('price_alert_active')
    .on('price_alert')
    .columns(['status', 'symbol'])
    .execute();
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscription_user')
    .on('push_subscription')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('push_vapid_key')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('push_vapid_key').execute();
  await db.schema.dropTable('push_subscription').execute();
  await db.schema.dropTable('price_alert').execute();
}
