import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const OFFER_COLUMNS = [
  'seed',
  'seed_commitment',
  'listing_key',
  'beacon_kind',
  'list_hash',
  'beacon',
  'beacon_signature',
  'draw_seed',
] as const;
const OFFER_TIMES = ['list_frozen_at', 'beacon_round', 'drawn_at'] as const;

/**
 * Lottery offers (DESIGN.md §8, the new-share rule): an offer's committed seed, ticket key and
 * beacon kind from creation; the frozen list's hash, the beacon and the draw seed once drawn. A
 * purchase of a lottery offer is an application: its pseudonymous ticket, the lots applied for and
 * the lots won. All null on first-come offers.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of OFFER_COLUMNS) {
    await db.schema.alterTable('block_offer').addColumn(column, 'text').execute();
  }
  for (const column of OFFER_TIMES) {
    await db.schema.alterTable('block_offer').addColumn(column, 'bigint').execute();
  }
  await db.schema.alterTable('block_order').addColumn('ticket', 'text').execute();
  await db.schema.alterTable('block_order').addColumn('lots_applied', 'bigint').execute();
  await db.schema.alterTable('block_order').addColumn('lots_won', 'bigint').execute();
  await db.schema
    .createIndex('block_order_ticket')
    .on('block_order')
    .columns(['offer_id', 'ticket'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('block_order_ticket').execute();
  for (const column of ['lots_won', 'lots_applied', 'ticket']) {
    await db.schema.alterTable('block_order').dropColumn(column).execute();
  }
  for (const column of [...OFFER_TIMES, ...OFFER_COLUMNS]) {
    await db.schema.alterTable('block_offer').dropColumn(column).execute();
  }
}
