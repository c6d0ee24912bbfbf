import type { Kysely } from 'kysely';

// trade_order.position_id repeated position.order_id (one fact in two places) and cost the order
// path an extra UPDATE per fill. The position row keeps the link.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trade_order').dropColumn('position_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trade_order').addColumn('position_id', 'bigint').execute();
}
