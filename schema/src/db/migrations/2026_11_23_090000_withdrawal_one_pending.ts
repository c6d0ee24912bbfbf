import { sql, type Kysely } from 'kysely';

// One pending withdrawal per user, enforced by the database as deposits and KYC submissions are
// (a partial unique index), beside the check under the user lock in `fund/withdraw`. An install
// where a race already left a user two pending withdrawals stops here with their ids: a reviewer
// pays or returns the extra ones, then the migration runs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const doubled = await db
    .selectFrom('withdrawal')
    .select(['user_id', sql<string>`count(*)`.as('n')])
    .where('status', '=', 'pending')
    .groupBy('user_id')
    .having(sql`count(*)`, '>', 1)
    .execute();
  if (doubled.length > 0) {
    const users = doubled.map((row: { user_id: unknown }) => String(row.user_id)).join(', ');
    throw new Error(
      `withdrawal_one_pending: users ${users} have more than one pending withdrawal; review them before migrating`,
    );
  }
  await db.schema
    .createIndex('withdrawal_one_pending')
    .on('withdrawal')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('withdrawal_one_pending').execute();
}
