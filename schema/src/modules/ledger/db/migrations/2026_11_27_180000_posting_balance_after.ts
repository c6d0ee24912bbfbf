import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Each posting keeps its account's balance just after it (written with the posting from the
 * conditional update's own result), so a statement page reads the page, not the whole history.
 * Existing postings get theirs from a running sum in the order they were applied (journal, then
 * posting); reconcile checks that each account's newest one equals its balance.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('posting')
    .addColumn('balance_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update posting set balance_after = running.balance
    from (
      select id, sum(amount) over (partition by account_id order by journal_id, id) as balance
      from posting
    ) as running
    where running.id = posting.id`.execute(db);
  await db.schema
    .createIndex('posting_account_journal')
    .on('posting')
    .columns(['account_id', 'journal_id'])
    .execute();
  await db.schema.dropIndex('posting_account').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('posting_account').on('posting').column('account_id').execute();
  await db.schema.dropIndex('posting_account_journal').execute();
  await db.schema.alterTable('posting').dropColumn('balance_after').execute();
}
