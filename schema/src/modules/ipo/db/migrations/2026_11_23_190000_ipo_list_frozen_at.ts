import type { Kysely } from 'kysely';

// The freeze step at the close (decision 72) stores the list hash and stamps `list_frozen_at`
// (epoch ms) before any beacon is taken; the draw's beacon is the first round after it. Listings
// drawn before this migration keep a null stamp: their list hash was fixed by the draw itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ipo_listing').addColumn('list_frozen_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ipo_listing').dropColumn('list_frozen_at').execute();
}
