import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Candles (1m and 1d; the rest roll up on read), corporate actions and watchlists. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('candle')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('turnover', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candle_pk', ['symbol', 'period', 'start_ms'])
    .execute();
  await db.schema
    .createTable('corporate_action')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('ex_date_ms', 'bigint', (c) => c.notNull())
    .addColumn('cash_dividend', 'bigint', (c) => c.notNull())
    .addColumn('bonus_numerator', 'bigint', (c) => c.notNull())
    .addColumn('bonus_denominator', 'bigint', (c) => c.notNull())
    .addColumn('prev_close', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('corporate_action_pk', ['symbol', 'ex_date_ms'])
    .execute();
  await db.schema
    .createTable('watchlist_entry')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_entry_pk', ['user_id', 'symbol'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('watchlist_entry').execute();
  await db.schema.dropTable('corporate_action').execute();
  await db.schema.dropTable('candle').execute();
}
