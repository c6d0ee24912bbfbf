import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect.ts';

// A withdrawal's state is its status, nothing else (issue 11 item 2): pending → approved (the back
// office approved it, queued for payout) → sending (the payout worker claimed it and is calling the
// bank) → paid | failed (the bank refused it: the hold went back to cash; never retried);
// pending → rejected. Rows approved under the old rule (`pending` with `approved_at`) become
// `approved`: the payout worker pays them as before. One open withdrawal per user now covers every
// open status. SQLite cannot alter a CHECK constraint, so there the table is rebuilt (nothing
// references it); PostgreSQL swaps the constraint. The migrator runs a PostgreSQL migration in a
// transaction but not a SQLite one, so the rebuild takes its own: a failure half-way (a view over
// `withdrawal` makes the RENAME fail after the DROP) leaves the table as it was, and a rerun works.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const NEW_STATUSES = sql`status in ('pending', 'approved', 'sending', 'paid', 'rejected', 'failed')`;
const OLD_STATUSES = sql`status in ('pending', 'paid', 'rejected')`;
const OPEN_STATUSES = sql`('pending', 'approved', 'sending')`;

export async function up(db: AnyDb): Promise<void> {
  await atomically(db, upIn);
}

export async function down(db: AnyDb): Promise<void> {
  await atomically(db, downIn);
}

/** `step` in one transaction: the migrator's own on PostgreSQL, a new one on SQLite. */
async function atomically(db: AnyDb, step: (db: AnyDb) => Promise<void>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await db.transaction().execute(step);
  else await step(db);
}

async function upIn(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('withdrawal_one_pending').execute();
  if (dialectOf(db) === 'sqlite') {
    await rebuildOnSqlite(db, NEW_STATUSES, sql`status`);
  } else {
    await swapCheckOnPostgres(db, NEW_STATUSES);
  }
  await db
    .updateTable('withdrawal')
    .set({ status: 'approved' })
    .where('status', '=', 'pending')
    .where('approved_at', 'is not', null)
    .execute();
  await onePerUser(db, OPEN_STATUSES);
}

async function downIn(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('withdrawal_one_pending').execute();
  // Approved and sending withdrawals were `pending` with `approved_at`; a failed one had its hold
  // returned, as a rejected one has.
  const oldStatus = sql`case status when 'approved' then 'pending' when 'sending' then 'pending' when 'failed' then 'rejected' else status end`;
  if (dialectOf(db) === 'sqlite') {
    await rebuildOnSqlite(db, OLD_STATUSES, oldStatus);
  } else {
    await db.updateTable('withdrawal').set({ status: oldStatus }).execute();
    await swapCheckOnPostgres(db, OLD_STATUSES);
  }
  await onePerUser(db, sql`('pending')`);
}

async function onePerUser(db: AnyDb, statuses: RawBuilder<unknown>): Promise<void> {
  await db.schema
    .createIndex('withdrawal_one_pending')
    .on('withdrawal')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', statuses)
    .execute();
}

async function swapCheckOnPostgres(db: AnyDb, check: RawBuilder<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawal').dropConstraint('withdrawal_status').execute();
  await db.schema.alterTable('withdrawal').addCheckConstraint('withdrawal_status', check).execute();
}

const COLUMNS = [
  'id',
  'user_id',
  'card_id',
  'currency',
  'amount',
  'status',
  'reason',
  'hold_journal_id',
  'settle_journal_id',
  'reviewed_by',
  'reviewed_at',
  'created_at',
  'approved_by',
  'approved_at',
  'payout_reference',
] as const;

/** The withdrawal table again with a new status check, its rows copied (`status` as given). */
async function rebuildOnSqlite(
  db: AnyDb,
  check: RawBuilder<unknown>,
  status: RawBuilder<unknown>,
): Promise<void> {
  await db.schema
    .createTable('withdrawal_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('bank_card.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('hold_journal_id', 'bigint', (c) => c.notNull())
    .addColumn('settle_journal_id', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_by', 'bigint')
    .addColumn('approved_at', 'bigint')
    .addColumn('payout_reference', 'text')
    .addCheckConstraint('withdrawal_status', check)
    .addCheckConstraint('withdrawal_positive', sql`amount > 0`)
    .execute();
  const copied = COLUMNS.map((c) => (c === 'status' ? sql`${status}` : sql.ref(c)));
  await sql`insert into withdrawal_rebuilt (${sql.join(COLUMNS.map((c) => sql.ref(c)))})
    select ${sql.join(copied)} from withdrawal`.execute(db);
  await db.schema.dropTable('withdrawal').execute();
  await db.schema.alterTable('withdrawal_rebuilt').renameTo('withdrawal').execute();
  await db.schema
    .createIndex('withdrawal_user')
    .on('withdrawal')
    .columns(['user_id', 'id'])
    .execute();
}
