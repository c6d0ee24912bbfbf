import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// Frozen in time: never edit a migration that has shipped; add a new one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const LOAN_STATUSES = ['under_review', 'passed', 'rejected', 'repaid'];

/**
 * Securities-backed loans (yen): each user's back-office credit (score and limit), the loans
 * (`HOLD_LIFECYCLES.loan`), and one interest accrual per loan and Tokyo date (the daily job's
 * claim: a rerun for a date finds it taken and posts nothing).
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('loan_credit')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('credit_score', 'bigint', (c) => c.notNull())
    .addColumn('limit_amount', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addCheckConstraint('loan_credit_values', sql`credit_score >= 0 and limit_amount >= 0`)
    .execute();
  await db.schema
    .createTable('loan')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('principal', 'bigint', (c) => c.notNull())
    .addColumn('accrued_interest', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('disburse_journal_id', 'bigint')
    .addColumn('repaid_at', 'bigint')
    .addColumn('repay_journal_id', 'bigint')
    .addColumn('margin_call_date', 'text')
    .addCheckConstraint(
      'loan_status',
      sql`status in (${sql.join(LOAN_STATUSES.map((s) => sql.lit(s)))})`,
    )
    .addCheckConstraint(
      'loan_amounts',
      sql`currency = 'JPY' and amount > 0 and principal >= 0 and accrued_interest >= 0`,
    )
    .execute();
  await db.schema
    .createIndex('loan_request')
    .on('loan')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema.createIndex('loan_user').on('loan').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('loan_status_id').on('loan').columns(['status', 'id']).execute();
  await db.schema
    .createTable('loan_interest_accrual')
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('loan.id'))
    .addColumn('accrual_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('journal_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('loan_interest_accrual_pk', ['loan_id', 'accrual_date'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('loan_interest_accrual').execute();
  await db.schema.dropTable('loan').execute();
  await db.schema.dropTable('loan_credit').execute();
}
