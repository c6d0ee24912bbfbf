import {
  canAdvanceHold,
  type HoldKind,
  type HoldNextStatus,
  type HoldOpenStatus,
  type JournalEntry,
} from '../domain/index.ts';
import type { AfterCommitHook, WriteTrx } from './after-commit.ts';
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
    .where('status', '=', from)
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
