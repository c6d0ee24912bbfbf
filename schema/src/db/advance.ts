import {
  canAdvanceHold,
  type HoldKind,
  type HoldNextStatus,
  type HoldOpenStatus,
  type JournalEntry,
} from '../domain/index.ts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AfterCommitHook, WriteTrx } from './after-commit.ts';
import { dialectOf } from './dialect.ts';
import type { Database } from './tables.ts';
import { postJournal } from './repositories/ledger.store.ts';
import { insertInboxMessage, type InboxKind } from './repositories/inbox.store.ts';

/** What a decision on a hold writes beside its status, all in the caller's transaction. */
export interface AdvanceEffects {
  readonly nowMs: number;
  /** Other columns of the row set by the same conditional update. */
  readonly set?: Readonly<Record<string, string | number | bigint | null>>;
  readonly journal?: JournalEntry;
  /** The row's column that keeps the id of `journal` once posted (e.g. `settle_journal_id`). */
  readonly journalColumn?: string;
  readonly inbox?: { kind: InboxKind; params: Record<string, string> };
  readonly audit?: { adminId: number; action: string; detail: Record<string, unknown> };
  /**
   * The decision's other writes in the same transaction, only when it won: its account events
   * through the outbox (`accountEvents.record(trx, …)`), so they commit or roll back with it.
   */
  readonly record?: (trx: WriteTrx) => Promise<void>;
  /** Run only once the transaction has committed (a recompute request, a queued job). */
  readonly afterCommit?: AfterCommitHook;
}

export type Advanced = { advanced: false } | { advanced: true; journalId: bigint | null };

/**
 * Moves one hold from `from` to `to` exactly once: a conditional status update, then (only if it
 * won) the journal, the inbox message, the audit row, the recorded events and the after-commit
 * work. A second decision on the same row finds it no longer in `from` and writes nothing.
 */
export async function advance<K extends HoldKind, F extends HoldOpenStatus<K>>(
  trx: WriteTrx,
  row: { kind: K; id: bigint | number; userId: number },
  from: F,
  to: HoldNextStatus<K, F>,
  effects: AdvanceEffects,
): Promise<Advanced> {
  if (!canAdvanceHold(row.kind, from, to)) throw new Error(`${row.kind}: ${from} → ${to}`);
  const updated = await trx
    .updateTable(row.kind as 'deposit')
    .set({ ...effects.set, status: to } as never)
    .where('id', '=', BigInt(row.id))
    .where('status', '=', from as never)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) return { advanced: false };
  const journalId = effects.journal ? await postJournal(trx, effects.journal, effects.nowMs) : null;
  if (journalId !== null && effects.journalColumn) {
    await trx
      .updateTable(row.kind as 'deposit')
      .set({ [effects.journalColumn]: journalId } as never)
      .where('id', '=', BigInt(row.id))
      .execute();
  }
  if (effects.inbox) {
    await insertInboxMessage(trx, { userId: row.userId, ...effects.inbox, nowMs: effects.nowMs });
  }
  if (effects.audit) {
    await trx
      .insertInto('audit_log')
      .values({
        admin_id: BigInt(effects.audit.adminId),
        action: effects.audit.action,
        subject: `${row.kind}:${row.id}`,
        detail: JSON.stringify(effects.audit.detail),
        created_at: effects.nowMs,
      })
      .execute();
  }
  if (effects.record) await effects.record(trx);
  if (effects.afterCommit) trx.afterCommit(effects.afterCommit);
  return { advanced: true, journalId };
}

type ColumnValue = string | number | bigint | null;

/** The rows `advanceMany` may move: the table's rows in `from` for which `where` holds. */
export interface AdvanceManyOptions<K extends HoldKind, R extends keyof Selectable<Database[K]>> {
  /** Which rows besides their status: a condition on the table's own (unqualified) columns. */
  readonly where: RawBuilder<unknown>;
  /** Other columns set by the same statement (a value, or an expression on the row). */
  readonly set?: Readonly<Record<string, ColumnValue | RawBuilder<unknown>>>;
  /** The columns of each row moved, read back by the same statement (none: only the count). */
  readonly returning?: readonly R[];
  /**
   * SQLite: read the table by its rowid (NOT INDEXED) for `where` on an id range of a big table,
   * or the planner may pick a (…, status) index and scan every row in `from` for each range.
   */
  readonly byRowid?: boolean;
}

export interface AdvancedMany<Row> {
  /** How many rows this statement moved. */
  readonly count: number;
  /** The moved rows' `returning` columns (empty without `returning`). */
  readonly rows: Row[];
}

/**
 * The set-based `advance`: one conditional update moves every row of `kind` in `from` that `where`
 * selects to `to`, and says which rows it moved. A row another writer moved first (or a rerun
 * of a committed chunk) is no longer in `from` and is left alone, so two advancers racing over
 * the same rows move each row once. What each moved row needs besides (its inbox message, its
 * event) the caller writes in the same transaction for exactly the rows moved.
 */
export async function advanceMany<
  K extends HoldKind,
  F extends HoldOpenStatus<K>,
  R extends keyof Selectable<Database[K]> & string = never,
>(
  trx: WriteTrx,
  kind: K,
  from: F,
  to: HoldNextStatus<K, F>,
  options: AdvanceManyOptions<K, R>,
): Promise<AdvancedMany<Pick<Selectable<Database[K]>, R>>> {
  if (!canAdvanceHold(kind, from, to)) throw new Error(`${kind}: ${from} → ${to}`);
  const table = sql.table(kind);
  const target = options.byRowid && dialectOf(trx) === 'sqlite' ? sql`${table} not indexed` : table;
  // A RawBuilder value goes in as SQL, any other value as a parameter.
  const columns = Object.entries(options.set ?? {}).map(
    ([name, value]) => sql`${sql.ref(name)} = ${value}`,
  );
  const set = sql.join([sql`status = ${to}`, ...columns]);
  const where = sql`status = ${from} and (${options.where})`;
  const returning = options.returning ?? [];
  if (returning.length === 0) {
    const result = await sql`update ${target} set ${set} where ${where}`.execute(trx);
    return { count: Number(result.numAffectedRows ?? 0n), rows: [] };
  }
  const list = sql.join(returning.map((name) => sql.ref(name)));
  const result = await sql<Pick<Selectable<Database[K]>, R>>`update ${target} set ${set}
    where ${where} returning ${list}`.execute(trx);
  return { count: result.rows.length, rows: result.rows };
}
