import { sql } from 'kysely';
import type { Db } from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';

export interface StatementFilter {
  readonly currency?: string | undefined;
  /** The journal kinds to show (at least one); every kind when undefined. */
  readonly kinds?: readonly string[] | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly before?: number | undefined;
  readonly limit: number;
}

/** One journal's move of the user's cash in one currency, with the cash balance after it. */
export interface StatementEntry {
  readonly journalId: bigint;
  readonly timeMs: number;
  readonly kind: string;
  readonly memo: string;
  /** The memo's template (`template`) and parameters, for the client to show in the user's language. */
  readonly memoParams: Readonly<Record<string, string>> | null;
  readonly reference: string | null;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly balance: bigint;
}

interface RawRow {
  journal_id: bigint;
  created_at: bigint;
  kind: string;
  memo: string;
  memo_params: string | null;
  reference: string | null;
  currency: string;
  amount: bigint;
  balance: bigint;
}

/** The filter's conditions on the journal `j`, or null when it has none. */
function journalConditions(filter: StatementFilter) {
  const conditions = [
    ...(filter.kinds ? [sql`j.kind in (${sql.join(filter.kinds)})`] : []),
    ...(filter.from !== undefined ? [sql`j.created_at >= ${filter.from}`] : []),
    ...(filter.to !== undefined ? [sql`j.created_at < ${filter.to}`] : []),
  ];
  return conditions.length === 0 ? null : sql.join(conditions, sql` and `);
}

/** The newest `limit` journals (matching the filter) that moved one cash account, from its index. */
function newestJournalsOf(accountId: bigint, filter: StatementFilter) {
  const onJournal = journalConditions(filter);
  return sql`select journal_id from (
      select distinct p.journal_id from posting p
      where p.account_id = ${accountId}
        ${filter.before !== undefined ? sql`and p.journal_id < ${filter.before}` : sql``}
        ${onJournal ? sql`and exists (select 1 from journal j where j.id = p.journal_id and ${onJournal})` : sql``}
      order by p.journal_id desc limit ${filter.limit}
    ) as newest`;
}

/**
 * The moves of the user's cash, newest first, one per journal and currency, each with the balance
 * after it: the balance its last posting in that journal recorded when it was written (so a
 * filtered page still shows true balances, and the newest entry of a currency equals its cash).
 * Each cash account's newest journals come from its (account, journal) index, so a page costs the
 * page, not the history.
 */
export async function statementEntries(
  db: Db,
  userId: number,
  filter: StatementFilter,
): Promise<StatementEntry[]> {
  let accounts = db
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_key', '=', `u:${userId}`)
    .where('kind', '=', 'cash');
  if (filter.currency) accounts = accounts.where('currency', '=', filter.currency);
  const cash = (await accounts.execute()).map((row) => row.id);
  if (cash.length === 0) return [];
  const page = sql.join(
    cash.map((id) => newestJournalsOf(id, filter)),
    sql` union `,
  );
  const result = await sql<RawRow>`
    with page as (${page}),
    moves as (
      -- CROSS JOIN: SQLite walks the page's journals and their postings, not the account's history.
      select p.journal_id, p.account_id, sum(p.amount) as amount, max(p.id) as last_posting
      from page cross join posting p
      where p.journal_id = page.journal_id and p.account_id in (${sql.join(cash)})
      group by p.journal_id, p.account_id
    )
    select m.journal_id, j.created_at, j.kind, j.memo, j.memo_params, j.reference, la.currency,
      m.amount, last.balance_after as balance
    from moves m
      join journal j on j.id = m.journal_id
      join ledger_account la on la.id = m.account_id
      join posting last on last.id = m.last_posting
    order by m.journal_id desc, la.currency
    limit ${filter.limit}
  `.execute(db);
  return result.rows.map((r) => ({
    journalId: BigInt(r.journal_id),
    timeMs: Number(r.created_at),
    kind: r.kind,
    memo: r.memo,
    memoParams:
      r.memo_params === null ? null : (JSON.parse(r.memo_params) as Record<string, string>),
    reference: r.reference,
    currency: r.currency as Currency,
    amount: BigInt(r.amount),
    balance: BigInt(r.balance),
  }));
}
