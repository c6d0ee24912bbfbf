import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const ORDER_STATUSES = ['held', 'settled', 'void'];

/**
 * Block trades (立会外分売): offers listed by the back office, and the buyers' purchases. An offer's
 * `lots_left` is taken by a conditional update (never below zero: `block_offer_left`).
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('block_offer')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('prev_close', 'bigint', (c) => c.notNull())
    .addColumn('lot', 'bigint', (c) => c.notNull())
    .addColumn('lots_total', 'bigint', (c) => c.notNull())
    .addColumn('lots_left', 'bigint', (c) => c.notNull())
    .addColumn('min_lots', 'bigint', (c) => c.notNull())
    .addColumn('max_lots', 'bigint', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text')
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('settles_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('block_offer_rule', sql`rule in ('first_come', 'lottery')`)
    .addCheckConstraint(
      'block_offer_lots',
      sql`lot > 0 and min_lots > 0 and max_lots >= min_lots and lots_total > 0 and price > 0`,
    )
    .addCheckConstraint('block_offer_left', sql`lots_left >= 0 and lots_left <= lots_total`)
    .addCheckConstraint('block_offer_dates', sql`opens_at < closes_at and closes_at <= settles_at`)
    .execute();
  await db.schema.createIndex('block_offer_closes').on('block_offer').column('closes_at').execute();
  await db.schema
    .createTable('block_order')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('offer_id', 'bigint', (c) => c.notNull().references('block_offer.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('lots', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('hold_journal_id', 'bigint')
    .addColumn('settle_journal_id', 'bigint')
    .addColumn('position_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addCheckConstraint(
      'block_order_status',
      sql`status in (${sql.join(ORDER_STATUSES.map((s) => sql.lit(s)))})`,
    )
    .addCheckConstraint('block_order_lots', sql`lots > 0 and amount > 0`)
    .execute();
  await db.schema
    .createIndex('block_order_user')
    .on('block_order')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('block_order_offer')
    .on('block_order')
    .columns(['offer_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('block_order').execute();
  await db.schema.dropTable('block_offer').execute();
}
