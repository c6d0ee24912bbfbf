import type { Db } from '@kabuto/schema/db';
import {
  formatScaled,
  scaleOf,
  statementKinds,
  type JournalKind,
  type StatementGroup,
} from '@kabuto/schema/domain';
import { statementEntries, type StatementFilter } from './statement.repository.ts';

/** What `fund/records` and `fund/records.csv` ask for: one kind, one group, or both. */
export interface StatementRequest extends Omit<StatementFilter, 'kinds'> {
  readonly kind?: JournalKind | undefined;
  readonly group?: StatementGroup | undefined;
}

export interface StatementRow {
  readonly journal_id: string;
  readonly time: number;
  readonly kind: string;
  readonly memo: string;
  /** The memo's template (`template`) and parameters, for the client to show in the user's language. */
  readonly memo_params: Readonly<Record<string, string>> | null;
  readonly reference: string | null;
  readonly currency: string;
  readonly amount: string;
  readonly balance: string;
}

/**
 * The user's statement: one row per journal and currency that moved their cash, newest first,
 * with the cash balance after it (the running balance covers the whole history, so a filtered
 * page still shows true balances, and the newest row of a currency equals its cash).
 */
export async function statementRows(
  db: Db,
  userId: number,
  request: StatementRequest,
): Promise<StatementRow[]> {
  const { kind, group, ...rest } = request;
  const kinds = statementKinds({ kind, group });
  // A kind outside the asked group: nothing matches (and `in ()` is not SQL).
  if (kinds?.length === 0) return [];
  const entries = await statementEntries(db, userId, { ...rest, kinds });
  return entries.map((entry) => {
    const scale = scaleOf(entry.currency);
    return {
      journal_id: String(entry.journalId),
      time: entry.timeMs,
      kind: entry.kind,
      memo: entry.memo,
      memo_params: entry.memoParams,
      reference: entry.reference,
      currency: entry.currency,
      amount: formatScaled(entry.amount, scale),
      balance: formatScaled(entry.balance, scale),
    };
  });
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by spreadsheets (CSV injection): quote it.
  const guarded = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function statementCsv(rows: readonly StatementRow[]): string {
  const header = [
    'journal_id',
    'time_utc',
    'kind',
    'memo',
    'reference',
    'currency',
    'amount',
    'balance',
  ];
  const lines = rows.map((r) =>
    [
      r.journal_id,
      new Date(r.time).toISOString(),
      r.kind,
      r.memo,
      r.reference,
      r.currency,
      r.amount,
      r.balance,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
