import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const SUBSCRIPTION_STATUSES = ['applied', 'won', 'lost', 'paid', 'waived', 'forfeited', 'listed'];

/**
 * New shares: listings (with the lottery's commitment, frozen list hash, beacon and seed) and one
 * subscription per user and listing, which carries its ticket, result and payment.
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('ipo_listing')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('market_price', 'bigint')
    .addColumn('underwriting_price', 'bigint', (c) => c.notNull())
    .addColumn('lot', 'bigint', (c) => c.notNull())
    .addColumn('min_lots', 'bigint', (c) => c.notNull())
    .addColumn('max_lots', 'bigint', (c) => c.notNull())
    .addColumn('lots_offered', 'bigint', (c) => c.notNull())
    .addColumn('issue_volume', 'bigint', (c) => c.notNull())
    .addColumn('per', 'text')
    .addColumn('lead_underwriter', 'text', (c) => c.notNull())
    .addColumn('subscribe_start', 'bigint', (c) => c.notNull())
    .addColumn('subscribe_end', 'bigint', (c) => c.notNull())
    .addColumn('draw_at', 'bigint', (c) => c.notNull())
    .addColumn('pay_deadline', 'bigint', (c) => c.notNull())
    .addColumn('listing_at', 'bigint', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('seed_commitment', 'text', (c) => c.notNull())
    .addColumn('listing_key', 'text', (c) => c.notNull())
    .addColumn('beacon_kind', 'text', (c) => c.notNull())
    .addColumn('list_hash', 'text')
    .addColumn('applicants', 'bigint')
    .addColumn('lots_applied', 'bigint')
    .addColumn('beacon', 'text')
    .addColumn('beacon_round', 'bigint')
    .addColumn('beacon_signature', 'text')
    .addColumn('draw_seed', 'text')
    .addColumn('drawn_at', 'bigint')
    .addColumn('forfeited_at', 'bigint')
    .addColumn('listed_at', 'bigint')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ipo_listing_beacon_kind', sql`beacon_kind in ('local', 'drand')`)
    .addCheckConstraint(
      'ipo_listing_lots',
      sql`lot > 0 and min_lots > 0 and max_lots >= min_lots and lots_offered > 0 and price > 0`,
    )
    .addCheckConstraint(
      'ipo_listing_dates',
      sql`subscribe_start < subscribe_end and subscribe_end <= draw_at and draw_at < pay_deadline and pay_deadline <= listing_at`,
    )
    .execute();
  await db.schema.createIndex('ipo_listing_draw').on('ipo_listing').column('draw_at').execute();
  await createSubscriptions(db, id);
}

async function createSubscriptions(db: AnyDb, id: ReturnType<typeof idColumnType>) {
  await db.schema
    .createTable('ipo_subscription')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('listing_id', 'bigint', (c) => c.notNull().references('ipo_listing.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('lots', 'bigint', (c) => c.notNull())
    .addColumn('ticket', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lots_won', 'bigint')
    .addColumn('amount_due', 'bigint')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('pay_journal_id', 'bigint')
    .addColumn('list_journal_id', 'bigint')
    .addColumn('position_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('drawn_at', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addCheckConstraint(
      'ipo_subscription_status',
      sql`status in (${sql.join(SUBSCRIPTION_STATUSES.map((s) => sql.lit(s)))})`,
    )
    .addCheckConstraint('ipo_subscription_lots', sql`lots > 0`)
    .execute();
  await db.schema
    .createIndex('ipo_subscription_once')
    .on('ipo_subscription')
    .columns(['listing_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ipo_subscription_ticket')
    .on('ipo_subscription')
    .columns(['listing_id', 'ticket'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ipo_subscription_user')
    .on('ipo_subscription')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ipo_subscription_status')
    .on('ipo_subscription')
    .columns(['listing_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ipo_subscription').execute();
  await db.schema.dropTable('ipo_listing').execute();
}
