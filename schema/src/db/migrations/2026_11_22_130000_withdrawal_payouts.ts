import type { Kysely } from 'kysely';

// A reviewer's approval no longer marks a withdrawal paid: it approves it for payout, and the
// payout worker sends the transfer through the bank provider under the withdrawal's idempotency
// key, then marks it paid with the provider's reference (ARCHITECTURE decision 35). The row stays
// `pending` for the user until the money has gone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawal').addColumn('approved_by', 'bigint').execute();
  await db.schema.alterTable('withdrawal').addColumn('approved_at', 'bigint').execute();
  await db.schema.alterTable('withdrawal').addColumn('payout_reference', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawal').dropColumn('payout_reference').execute();
  await db.schema.alterTable('withdrawal').dropColumn('approved_at').execute();
  await db.schema.alterTable('withdrawal').dropColumn('approved_by').execute();
}
