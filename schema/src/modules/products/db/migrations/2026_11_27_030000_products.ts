import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// Frozen in time: never edit a migration that has shipped; add a new one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const PRODUCT_STATUSES = ['draft', 'open', 'closed'];
const ORDER_STATUSES = ['pending', 'following', 'redeeming', 'redeemed', 'ended'];
const lits = (values: string[]) => sql.join(values.map((s) => sql.lit(s)));

/**
 * Copy-trading products: the products with their books (cash, units, last NAV), one NAV per
 * product and date, the books' holdings and the users' orders (`HOLD_LIFECYCLES.product_order`).
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('product')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('universe', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('lockup_days', 'bigint', (c) => c.notNull())
    .addColumn('fee_bps', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('first_date', 'text', (c) => c.notNull())
    .addColumn('book_cash', 'bigint', (c) => c.notNull())
    .addColumn('book_units', 'bigint', (c) => c.notNull())
    .addColumn('nav', 'bigint', (c) => c.notNull())
    .addColumn('nav_date', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('product_status', sql`status in (${lits(PRODUCT_STATUSES)})`)
    .addCheckConstraint(
      'product_book',
      sql`strategy in ('momentum', 'pair', 'low_vol') and min_amount > 0 and lockup_days >= 0 and fee_bps >= 0 and book_cash >= 0 and book_units >= 0 and nav > 0`,
    )
    .execute();
  await db.schema
    .createTable('product_nav')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('nav_date', 'text', (c) => c.notNull())
    .addColumn('nav', 'bigint', (c) => c.notNull())
    .addColumn('book_value', 'bigint', (c) => c.notNull())
    .addColumn('units', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_nav_pk', ['product_id', 'nav_date'])
    .execute();
  await db.schema
    .createTable('product_holding')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_holding_pk', ['product_id', 'symbol'])
    .addCheckConstraint('product_holding_shares', sql`shares > 0`)
    .execute();
  await createOrders(db, id);
}

async function createOrders(db: AnyDb, id: ReturnType<typeof idColumnType>): Promise<void> {
  await db.schema
    .createTable('product_order')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('units', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('struck_date', 'text')
    .addColumn('strike_nav', 'bigint')
    .addColumn('lockup_end', 'text')
    .addColumn('redeem_request_id', 'text')
    .addColumn('redeem_nav', 'bigint')
    .addColumn('redeem_amount', 'bigint')
    .addColumn('pay_date', 'text')
    .addCheckConstraint('product_order_status', sql`status in (${lits(ORDER_STATUSES)})`)
    .addCheckConstraint('product_order_amounts', sql`amount > 0 and units >= 0`)
    .execute();
  await db.schema
    .createIndex('product_order_request')
    .on('product_order')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('product_order_user')
    .on('product_order')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('product_order_status')
    .on('product_order')
    .columns(['product_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('product_order').execute();
  await db.schema.dropTable('product_holding').execute();
  await db.schema.dropTable('product_nav').execute();
  await db.schema.dropTable('product').execute();
}
