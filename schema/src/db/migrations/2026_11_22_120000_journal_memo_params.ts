import type { Kysely } from 'kysely';

// The statement shows each journal's line in the user's language: the memo template's parameters
// are kept beside the English memo (JSON, `template` names the client's string).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal').addColumn('memo_params', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal').dropColumn('memo_params').execute();
}
