import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Intraday trading: one application per user and market session (its amount held in
 * `hold:intraday`), and on each position the application it was opened under (null for ordinary
 * positions), so the settlement at the close finds exactly the positions it must close.
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('intraday_application')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('buying_power', 'bigint', (c) => c.notNull())
    .addColumn('session_date', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('positions_closed', 'bigint')
    .addColumn('forced_close_fee', 'bigint')
    .addColumn('released', 'bigint')
    .addColumn('pnl', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('intraday_application_amount', sql`amount > 0 and buying_power > 0`)
    .addCheckConstraint(
      'intraday_application_status',
      sql`status in ('applied', 'trading', 'submitted', 'traded', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('intraday_application_session')
    .on('intraday_application')
    .columns(['market', 'session_date', 'status'])
    .execute();
  await db.schema
    .createIndex('intraday_application_user')
    .on('intraday_application')
    .columns(['user_id', 'created_at'])
    .execute();
  // One open application per user and market: the second apply loses the race at the database.
  await sql`create unique index intraday_application_one_open on intraday_application (user_id, market) where status in ('applied', 'trading', 'submitted')`.execute(
    db,
  );
  await db.schema.alterTable('position').addColumn('intraday_application_id', 'bigint').execute();
  await db.schema
    .createIndex('position_intraday')
    .on('position')
    .columns(['intraday_application_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('position_intraday').execute();
  await db.schema.alterTable('position').dropColumn('intraday_application_id').execute();
  await db.schema.dropTable('intraday_application').execute();
}
