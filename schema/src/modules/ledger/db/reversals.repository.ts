import type { Db } from '../../../db/create-db.ts';
import type {
  AccountRef,
  PlatformAccountKind,
  UserAccountKind,
} from '../../../domain/ledger/accounts.ts';
import type { Posting } from '../../../domain/ledger/journal.ts';
import type { Currency } from '../../../domain/money/currency.ts';

export interface StoredJournal {
  readonly id: number;
  readonly kind: string;
  readonly memo: string;
  /** The memo's template and parameters (null on journals from before them). */
  readonly memoParams: Readonly<Record<string, string>> | null;
  readonly userId: number | null;
  readonly createdAt: number;
  readonly postings: readonly Posting[];
}

function accountRef(row: { user_id: bigint | null; kind: string; currency: string }): AccountRef {
  const currency = row.currency as Currency;
  return row.user_id === null
    ? { owner: 'platform', kind: row.kind as PlatformAccountKind, currency }
    : { owner: 'user', userId: Number(row.user_id), kind: row.kind as UserAccountKind, currency };
}

/** A posted journal with its postings, each on the account it moved. */
export async function loadJournal(db: Db, id: number): Promise<StoredJournal | null> {
  const journal = await db
    .selectFrom('journal')
    .select(['id', 'kind', 'memo', 'memo_params', 'user_id', 'created_at'])
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!journal) return null;
  const postings = await db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['ledger_account.user_id', 'ledger_account.kind', 'ledger_account.currency', 'amount'])
    .where('journal_id', '=', journal.id)
    .orderBy('posting.id')
    .execute();
  return {
    id: Number(journal.id),
    kind: journal.kind,
    memo: journal.memo,
    memoParams: journal.memo_params
      ? (JSON.parse(journal.memo_params) as Record<string, string>)
      : null,
    userId: journal.user_id === null ? null : Number(journal.user_id),
    createdAt: Number(journal.created_at),
    postings: postings.map((p) => ({ account: accountRef(p), amountMinor: p.amount })),
  };
}

export async function insertReversalRequest(
  trx: Db,
  request: {
    journalId: number;
    userId: number;
    reason: string;
    cause: string;
    adminId: number;
    nowMs: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('reversal_request')
    .values({
      journal_id: BigInt(request.journalId),
      user_id: BigInt(request.userId),
      reason: request.reason,
      cause: request.cause,
      status: 'pending',
      proposed_by: BigInt(request.adminId),
      proposed_at: request.nowMs,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      reversal_journal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The request's open or approved correction of a journal, if any. */
export async function liveRequestFor(db: Db, journalId: number) {
  return db
    .selectFrom('reversal_request')
    .select(['id', 'status'])
    .where('journal_id', '=', BigInt(journalId))
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

export async function findReversalRequest(db: Db, id: number) {
  return db
    .selectFrom('reversal_request')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

/**
 * Moves a pending request to its decision exactly once (forward only): a second decision, or one
 * racing this, finds nothing pending and gets false.
 */
export async function claimReversalRequest(
  trx: Db,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    adminId: number;
    reason: string;
    nowMs: number;
  },
): Promise<boolean> {
  const claimed = await trx
    .updateTable('reversal_request')
    .set({
      status: decision.status,
      decided_by: BigInt(decision.adminId),
      decided_at: decision.nowMs,
      decision_reason: decision.reason,
    })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function noteReversalJournal(trx: Db, id: number, journalId: bigint): Promise<void> {
  await trx
    .updateTable('reversal_request')
    .set({ reversal_journal_id: journalId })
    .where('id', '=', BigInt(id))
    .execute();
}

/** Requests by status (all when null), newest first, with who asked and who decided. */
export async function listReversalRequests(db: Db, status: string | null) {
  let query = db
    .selectFrom('reversal_request as r')
    .innerJoin('admin_user as proposer', 'proposer.id', 'r.proposed_by')
    .leftJoin('admin_user as decider', 'decider.id', 'r.decided_by')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.journal_id',
      'u.account',
      'r.reason',
      'r.cause',
      'r.status',
      'proposer.login as proposed_by',
      'r.proposed_at',
      'decider.login as decided_by',
      'r.decided_at',
      'r.decision_reason',
      'r.reversal_journal_id',
    ])
    .orderBy('r.id', 'desc')
    .limit(100);
  if (status !== null) query = query.where('r.status', '=', status as 'pending');
  return query.execute();
}
