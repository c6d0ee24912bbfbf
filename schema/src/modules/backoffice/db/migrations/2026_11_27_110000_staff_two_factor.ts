import type { Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Staff sign in with a second factor (issue 21): each staff member's TOTP seed (sealed at rest, as
 * the users' are) and its last used step, a disabled mark, and recovery codes (hashed, each used
 * once). A session knows when it was last used (idle expiry) and when its second factor was passed;
 * until then it may only enrol. The seeded `superadmin` becomes the `administrator` of the roles
 * table (`contracts/http/staff-roles.ts`).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('admin_user').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('admin_user').addColumn('totp_enabled_at', 'bigint').execute();
  await db.schema.alterTable('admin_user').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('admin_user').addColumn('disabled_at', 'bigint').execute();
  await db
    .updateTable('admin_user')
    .set({ role: 'administrator' })
    .where('role', '=', 'superadmin')
    .execute();
  await db.schema.alterTable('admin_session').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('admin_session').addColumn('verified_at', 'bigint').execute();
  await db.schema
    .createTable('staff_recovery_code')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admin_user.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_recovery_code_admin')
    .on('staff_recovery_code')
    .columns(['admin_id', 'code_hash'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('staff_recovery_code').execute();
  for (const column of ['verified_at', 'last_seen_at']) {
    await db.schema.alterTable('admin_session').dropColumn(column).execute();
  }
  for (const column of ['disabled_at', 'totp_last_step', 'totp_enabled_at', 'totp_secret']) {
    await db.schema.alterTable('admin_user').dropColumn(column).execute();
  }
}
