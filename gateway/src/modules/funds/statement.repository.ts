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

/**
 * The moves of the user's cash, newest first, one per journal and currency, each with the balance
 * after it. The running balance is a window sum over the whole history, so a filtered page still
 * shows true balances, and the newest entry of a currency equals its cash.
 */
export async function statementEntries(
  db: Db,
  userId: number,
  filter: StatementFilter,
): Promise<StatementEntry[]> {
  const owner = `u:${userId}`;
  const result = await sql<RawRow>`
    with moves as (
      select p.journal_id, la.currency, sum(p.amount) as amount
      from posting p join ledger_account la on la.id = p.account_id
      where la.owner_key = ${owner} and la.kind = 'cash'
      group by p.journal_id, la.currency
    ), running as (
      select journal_id, currency, amount,
        sum(amount) over (partition by currency order by journal_id rows between unbounded preceding and current row) as balance
      from moves
    )
    select r.journal_id, j.created_at, j.kind, j.memo, j.memo_params, j.reference, r.currency, r.amount, r.balance
    from running r join journal j on j.id = r.journal_id
    where 1 = 1
      ${filter.currency ? sql`and r.currency = ${filter.currency}` : sql``}
      ${filter.kinds ? sql`and j.kind in (${sql.join(filter.kinds)})` : sql``}
      ${filter.from !== undefined ? sql`and j.created_at >= ${filter.from}` : sql``}
      ${filter.to !== undefined ? sql`and j.created_at < ${filter.to}` : sql``}
      ${filter.before !== undefined ? sql`and r.journal_id < ${filter.before}` : sql``}
    order by r.journal_id desc, r.currency
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
