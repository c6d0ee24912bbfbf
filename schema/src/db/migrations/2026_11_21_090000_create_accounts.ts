import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../dialect.ts';

// Frozen in time: never edit a migration that has shipped; add a new one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// The kernel's later migrations import it from here; the definition is the platform's (db/dialect.ts).
export { idColumnType };

export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('app_user')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('fund_password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('trading_barred', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_code', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('app_user_status', sql`status in ('active', 'banned', 'frozen')`)
    .execute();
  await db.schema
    .createTable('invitation_code')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('active', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user').on('session').column('user_id').execute();
  await db.schema
    .createTable('verification_code')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_code_account')
    .on('verification_code')
    .columns(['account', 'purpose'])
    .execute();
  await db.schema
    .createTable('config_entry')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('admin_user')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['admin_user', 'config_entry', 'verification_code', 'session']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('invitation_code').execute();
  await db.schema.dropTable('app_user').execute();
}
