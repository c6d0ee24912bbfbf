import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The closed-positions list reads the newest closes of one user from the index, not a sort of all. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('position_user_closed')
    .on('position')
    .columns(['user_id', 'status', 'closed_at'])
    .execute();
  await db.schema.dropIndex('position_user').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('position_user')
    .on('position')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema.dropIndex('position_user_closed').execute();
}
