import { sql } from 'kysely';
import type { Db } from '../create-db.ts';
import { nameStatement } from '../pg-named-statements.ts';

/** One leg of a journal, by its account's natural key. */
export interface AtOnceLeg {
  readonly ownerKey: string;
  readonly kind: string;
  readonly currency: string;
  readonly amount: bigint;
}

/** The journal row's own columns (its id comes from the sequence; `seq` stays empty). */
export interface AtOnceJournal {
  readonly kind: string;
  readonly memo: string;
  readonly memoParams: string | null;
  readonly actorType: string;
  readonly actorId: string;
  readonly reference: string | null;
  readonly userId: number | null;
  readonly createdAt: number;
}

/**
 * PostgreSQL: a whole journal in one statement when every account exists and none would go below
 * zero: the accounts locked in the legs' order (the caller's fixed order, so journals never
 * deadlock), every balance moved, the journal and its postings (each with `balance_after`) written.
 * Returns the journal id, or null with nothing written (an account missing, or a leg that would
 * overdraw), for the caller's one-account-at-a-time path to create the account or refuse.
 * The legs' accounts must be distinct.
 */
export async function postJournalAtOnce(
  trx: Db,
  journal: AtOnceJournal,
  legs: readonly AtOnceLeg[],
): Promise<bigint | null> {
  const values = sql.join(
    legs.map(
      (leg, i) =>
        sql`(${i}::int, ${leg.ownerKey}::text, ${leg.kind}::text, ${leg.currency}::text, ${leg.amount}::bigint)`,
    ),
  );
  const query = sql<{ journal_id: string | null; postings: string }>`
    with leg (ord, owner_key, kind, currency, amount) as (values ${values}),
    locked as (
      select a.id, a.balance, a.allow_negative, leg.ord, leg.currency, leg.amount
      from leg join ledger_account a
        on a.owner_key = leg.owner_key and a.kind = leg.kind and a.currency = leg.currency
      order by leg.ord
      for update of a
    ),
    go as (
      select count(*) = ${legs.length}::int
        and coalesce(bool_and(allow_negative = 1 or balance + amount >= 0), false) as ok
      from locked
    ),
    moved as (
      update ledger_account a set balance = a.balance + locked.amount
      from locked, go
      where go.ok and a.id = locked.id and (a.allow_negative = 1 or a.balance + locked.amount >= 0)
      returning a.id, a.balance
    ),
    journal_row as (
      insert into journal (kind, memo, memo_params, actor_type, actor_id, reference, user_id, created_at)
      select ${journal.kind}::text, ${journal.memo}::text, ${journal.memoParams}::text,
        ${journal.actorType}::text, ${journal.actorId}::text, ${journal.reference}::text,
        ${journal.userId}::bigint, ${journal.createdAt}::bigint
      from go where go.ok
      returning id
    ),
    posted as (
      insert into posting (journal_id, account_id, currency, amount, balance_after)
      select journal_row.id, moved.id, locked.currency, locked.amount, moved.balance
      from journal_row cross join moved join locked on locked.id = moved.id
      order by locked.ord
      returning journal_id
    )
    select (select id from journal_row) as journal_id, (select count(*) from posted) as postings`.compile(
    trx,
  );
  nameStatement(query.sql); // one text per number of legs
  const result = await trx.executeQuery(query);
  const row = result.rows[0];
  if (!row || row.journal_id === null) return null;
  // Belt and braces: a journal with fewer postings than legs would be unbalanced (rolls back).
  if (Number(row.postings) !== legs.length) throw new Error('journal posted in part');
  return BigInt(row.journal_id);
}
