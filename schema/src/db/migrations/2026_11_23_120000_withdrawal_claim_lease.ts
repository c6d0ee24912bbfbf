import type { Kysely } from 'kysely';

// A payout's claim carries its time: `claimed_at` is set when the payout worker moves a withdrawal
// approved → sending, and renewed (compare-and-set on the old value) when a withdrawal left
// `sending` is claimed again once its lease has run out. A fresh claim means another worker process
// may still be waiting on the bank for it, so nobody else calls the bank. Rows already `sending`
// keep a null claim: an unknown claim counts as expired, and the next sweep pays them as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawal').addColumn('claimed_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('withdrawal').dropColumn('claimed_at').execute();
}
