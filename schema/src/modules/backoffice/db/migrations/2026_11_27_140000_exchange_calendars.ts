import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Exchange calendars as operator data (issue 21): a year of a market's closures staff entered from
 * the console (with the notice it came from), and the closures themselves. A year entered extends
 * the market's known calendar (`calendarKnownUntil`).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('exchange_calendar_year')
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('entered_by', 'bigint', (c) => c.notNull().references('admin_user.id'))
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_calendar_year_pk', ['market', 'year'])
    .execute();
  await db.schema
    .createTable('exchange_closure')
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_closure_pk', ['market', 'date'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exchange_closure').execute();
  await db.schema.dropTable('exchange_calendar_year').execute();
}
