import type { Kysely } from 'kysely';
import { idColumnType } from './2026_11_21_090000_create_accounts.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Orders and positions. Money columns are minor units of `currency`; prices are at the market's price scale. */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('trade_order')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('limit_price', 'bigint')
    .addColumn('qty', 'bigint', (c) => c.notNull())
    .addColumn('leverage', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hold_amount', 'bigint', (c) => c.notNull())
    .addColumn('fill_price', 'bigint')
    .addColumn('position_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_order_user')
    .on('trade_order')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('trade_order_pending')
    .on('trade_order')
    .columns(['status', 'symbol'])
    .execute();
  await db.schema
    .createTable('position')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('qty', 'bigint', (c) => c.notNull())
    .addColumn('open_price', 'bigint', (c) => c.notNull())
    .addColumn('leverage', 'bigint', (c) => c.notNull())
    .addColumn('margin', 'bigint', (c) => c.notNull())
    .addColumn('open_fee', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('close_price', 'bigint')
    .addColumn('close_fee', 'bigint')
    .addColumn('realized_pnl', 'bigint')
    .addColumn('close_reason', 'text')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('position_user')
    .on('position')
    .columns(['user_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('position').execute();
  await db.schema.dropTable('trade_order').execute();
}
