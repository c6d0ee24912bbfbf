import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What the user is told a correction was for (`REVERSAL_CAUSES`: a worded line in their language),
 * apart from the staff's own reason, which stays in the back office and the audit log.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('reversal_request')
    .addColumn('cause', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('reversal_request').dropColumn('cause').execute();
}
