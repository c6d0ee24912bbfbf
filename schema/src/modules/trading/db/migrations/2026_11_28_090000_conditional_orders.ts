import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = [
  // A stop's trigger (a trailing stop's follows its watermark), at the market's price scale.
  'trigger_price',
  // A trailing stop's distance: price scale, or hundredths of a percent (`trail_unit`).
  'trail',
  'watermark',
  // The price the hold was taken at: an opening sell trailing stop's trigger never follows above it.
  'hold_price',
  // When a stop-limit's trigger was reached (it rests as a limit from then on).
  'triggered_at',
  // The end of the order's validity (the day, or a date up to six months ahead).
  'expires_at',
  // OCO, IFD and IFDOCO: the group's first order's id; `parent_order_id` is an IFD's first order.
  'group_id',
  'parent_order_id',
  // A closing order (take profit, stop loss) of this position; null for an opening order.
  'close_position_id',
] as const;

/**
 * Orders beyond market and limit (issue 23 item 1): stop, stop-limit and trailing stop, their
 * validity, OCO / IFD / IFDOCO groups, closing orders on a held position, and why an order ended.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('trade_order').addColumn(column, 'bigint').execute();
  }
  for (const column of ['trail_unit', 'group_kind', 'end_reason']) {
    await db.schema.alterTable('trade_order').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('trade_order_group').on('trade_order').column('group_id').execute();
  await db.schema
    .createIndex('trade_order_close_position')
    .on('trade_order')
    .column('close_position_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('trade_order_close_position').execute();
  await db.schema.dropIndex('trade_order_group').execute();
  for (const column of [...COLUMNS, 'trail_unit', 'group_kind', 'end_reason']) {
    await db.schema.alterTable('trade_order').dropColumn(column).execute();
  }
}
