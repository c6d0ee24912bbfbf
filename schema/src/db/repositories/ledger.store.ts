import { sql } from 'kysely';
import {
  accountKey,
  assertBalanced,
  mayGoNegative,
  type AccountRef,
  type BalanceLine,
  type Currency,
  type JournalEntry,
  type UserAccountKind,
} from '../../domain/index.ts';
import { Refusal } from '../../contracts/errors.ts';
import type { Db } from '../create-db.ts';
import type { WriteTrx } from '../after-commit.ts';
import { preparedQuery } from '../prepared-query.ts';
import { dialectOf } from '../dialect.ts';
import { noteJournalWritten } from '../write-transaction.ts';
import { postJournalAtOnce } from './ledger-at-once.ts';

function ownerKey(ref: AccountRef): string {
  return ref.owner === 'user' ? `u:${ref.userId}` : 'platform';
}

async function createAccount(trx: Db, ref: AccountRef, nowMs: number): Promise<void> {
  await trx
    .insertInto('ledger_account')
    .values({
      owner_key: ownerKey(ref),
      user_id: ref.owner === 'user' ? ref.userId : null,
      kind: ref.kind,
      currency: ref.currency,
      balance: 0n,
      allow_negative: mayGoNegative(ref) ? 1 : 0,
      created_at: nowMs,
    })
    .onConflict((oc) => oc.columns(['owner_key', 'kind', 'currency']).doNothing())
    .execute();
}

const conditionalPosting = preparedQuery(
  (db: Db, amountMinor: bigint, owner: string, kind: string, currency: string) =>
    db
      .updateTable('ledger_account')
      .set({ balance: sql`balance + ${amountMinor}` })
      .where('owner_key', '=', owner)
      .where('kind', '=', kind)
      .where('currency', '=', currency)
      .where((eb) =>
        eb.or([eb('allow_negative', '=', 1n), eb(sql`balance + ${amountMinor}`, '>=', 0)]),
      )
      .returning(['id', 'balance']),
);

/** The account a posting moved and its balance just after. */
interface Applied {
  readonly id: bigint;
  readonly balance: bigint;
}

/**
 * Applies one posting with a conditional update: the no-overspend check and the write are one
 * statement, found by the account's natural key. Returns the account id and its new balance, or
 * null when the account would go below zero.
 */
async function applyPosting(
  trx: Db,
  ref: AccountRef,
  amountMinor: bigint,
): Promise<Applied | null> {
  const [row] = await conditionalPosting(trx, amountMinor, ownerKey(ref), ref.kind, ref.currency);
  return row ? { id: row.id, balance: BigInt(row.balance) } : null;
}

/**
 * Posts to an account, creating it on first use. When the update found no row, the account is
 * created if missing and the update tried once more: on PostgreSQL another transaction may have
 * created and committed the row since the first update looked, and that first miss says nothing
 * about the balance. A second miss, with the row there, is a real shortfall.
 */
async function postToAccount(
  trx: Db,
  ref: AccountRef,
  amountMinor: bigint,
  nowMs: number,
): Promise<Applied | null> {
  const applied = await applyPosting(trx, ref, amountMinor);
  if (applied !== null) return applied;
  const exists = await trx
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_key', '=', ownerKey(ref))
    .where('kind', '=', ref.kind)
    .where('currency', '=', ref.currency)
    .executeTakeFirst();
  if (!exists) await createAccount(trx, ref, nowMs);
  return applyPosting(trx, ref, amountMinor);
}

const takeJournalId = preparedQuery((db: Db) =>
  db
    .updateTable('ledger_sequence')
    .set({ last_seq: sql`last_seq + 1` })
    .where('id', '=', 1n)
    .returning('last_seq'),
);

async function nextJournalId(trx: Db): Promise<bigint> {
  const [row] = await takeJournalId(trx);
  if (!row) throw new Error('ledger_sequence has no row');
  return row.last_seq;
}

const insertJournal = preparedQuery(
  (
    db: Db,
    id: bigint,
    kind: string,
    memo: string,
    memoParams: string | null,
    actorType: string,
    actorId: string,
    reference: string | null,
    userId: number | null,
    createdAt: number,
  ) =>
    db.insertInto('journal').values({
      id,
      seq: id,
      kind,
      memo,
      memo_params: memoParams,
      actor_type: actorType,
      actor_id: actorId,
      reference,
      user_id: userId,
      created_at: createdAt,
    }),
);

function memoParamsJson(entry: JournalEntry): string | null {
  return entry.memoParams ? JSON.stringify(entry.memoParams) : null;
}

function journalUserId(entry: JournalEntry): number | null {
  const user = entry.postings.find((p) => p.account.owner === 'user');
  return user && user.account.owner === 'user' ? user.account.userId : null;
}

/** Whether `error` is `postJournal`'s refusal of a posting that would overdraw a user's account. */
export const isShortOfCash = (error: unknown): boolean =>
  error instanceof Refusal && error.msg === 'balance_insufficient';

/**
 * The only write path for balances: only inside `writeTransaction` (its `WriteTrx`), at the time
 * the caller read from its clock (never the machine's). Asserts I1 before writing,
 * refuses (`balance_insufficient`) any posting that would take a user's account below zero,
 * and numbers journals without gaps (I9: inline on SQLite, just after commit on PostgreSQL).
 * Returns the journal id.
 */
export async function postJournal(
  trx: WriteTrx,
  entry: JournalEntry,
  nowMs: number,
): Promise<bigint> {
  assertBalanced(entry.postings);
  // A fixed order of account updates keeps PostgreSQL free of deadlocks between journals.
  const ordered = [...entry.postings].sort((a, b) =>
    accountKey(a.account) < accountKey(b.account) ? -1 : 1,
  );
  if (dialectOf(trx) === 'postgres') {
    const journalId = await postAtOnce(trx, entry, ordered, nowMs);
    if (journalId !== null) return journalId;
  }
  const rows: PostingRow[] = [];
  for (const posting of ordered) {
    const applied = await postToAccount(trx, posting.account, posting.amountMinor, nowMs);
    if (applied === null) throw new Refusal('balance_insufficient');
    rows.push({
      accountId: applied.id,
      currency: posting.account.currency,
      amount: posting.amountMinor,
      balanceAfter: applied.balance,
    });
  }
  if (dialectOf(trx) === 'postgres') return insertUnnumbered(trx, entry, rows, nowMs);
  return insertNumbered(trx, entry, rows, nowMs);
}

/**
 * PostgreSQL's one statement for the whole journal (`postJournalAtOnce`), when its accounts are
 * distinct; null when it wrote nothing, and the caller goes one account at a time.
 */
async function postAtOnce(
  trx: Db,
  entry: JournalEntry,
  ordered: readonly JournalEntry['postings'][number][],
  nowMs: number,
): Promise<bigint | null> {
  const keys = new Set(ordered.map((posting) => accountKey(posting.account)));
  if (keys.size !== ordered.length) return null;
  const journalId = await postJournalAtOnce(
    trx,
    {
      kind: entry.kind,
      memo: entry.memo,
      memoParams: memoParamsJson(entry),
      actorType: entry.actor.type,
      actorId: String(entry.actor.id),
      reference: entry.reference ?? null,
      userId: journalUserId(entry),
      createdAt: nowMs,
    },
    ordered.map((posting) => ({
      ownerKey: ownerKey(posting.account),
      kind: posting.account.kind,
      currency: posting.account.currency,
      amount: posting.amountMinor,
    })),
  );
  if (journalId !== null) noteJournalWritten(trx);
  return journalId;
}

interface PostingRow {
  readonly accountId: bigint;
  readonly currency: string;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
}

/** SQLite: the single writer takes the next number inline, so `seq` equals the id. */
async function insertNumbered(
  trx: Db,
  entry: JournalEntry,
  rows: PostingRow[],
  nowMs: number,
): Promise<bigint> {
  const journalId = await nextJournalId(trx);
  await insertJournal(
    trx,
    journalId,
    entry.kind,
    entry.memo,
    memoParamsJson(entry),
    entry.actor.type,
    String(entry.actor.id),
    entry.reference ?? null,
    journalUserId(entry),
    nowMs,
  );
  await trx
    .insertInto('posting')
    .values(
      rows.map((row) => ({
        journal_id: journalId,
        account_id: row.accountId,
        currency: row.currency,
        amount: row.amount,
        balance_after: row.balanceAfter,
      })),
    )
    .execute();
  return journalId;
}

/**
 * PostgreSQL: the journal and its postings in one statement, with the id from a plain sequence.
 * `seq` stays empty until the journal sequencer numbers it after commit, so no row is locked
 * here that every other journal needs.
 */
async function insertUnnumbered(
  trx: Db,
  entry: JournalEntry,
  rows: PostingRow[],
  nowMs: number,
): Promise<bigint> {
  noteJournalWritten(trx);
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.accountId}::bigint, ${row.currency}::text, ${row.amount}::bigint, ${row.balanceAfter}::bigint)`,
    ),
  );
  const result = await sql<{ journal_id: string }>`
    with journal_row as (
      insert into journal (kind, memo, memo_params, actor_type, actor_id, reference, user_id, created_at)
      values (${entry.kind}, ${entry.memo}, ${memoParamsJson(entry)}, ${entry.actor.type}, ${String(entry.actor.id)}, ${entry.reference ?? null}, ${journalUserId(entry)}::bigint, ${nowMs}::bigint)
      returning id
    )
    insert into posting (journal_id, account_id, currency, amount, balance_after)
    select journal_row.id, v.account_id, v.currency, v.amount, v.balance_after
    from journal_row cross join (values ${values}) as v (account_id, currency, amount, balance_after)
    returning journal_id`.execute(trx);
  const first = result.rows[0];
  if (!first) throw new Error('journal not written');
  return BigInt(first.journal_id);
}

/** Every ledger balance a user has, per kind and currency. */
export async function userBalances(db: Db, userId: number): Promise<BalanceLine[]> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['kind', 'currency', 'balance'])
    .where('user_id', '=', BigInt(userId))
    .execute();
  return rows.map((row) => ({
    kind: row.kind as UserAccountKind,
    currency: row.currency as Currency,
    amountMinor: row.balance,
  }));
}

export async function cashBalance(db: Db, userId: number, currency: Currency): Promise<bigint> {
  return userBalance(db, userId, 'cash', currency);
}

/** One of a user's account balances (0 when the account was never used). */
export async function userBalance(
  db: Db,
  userId: number,
  kind: UserAccountKind,
  currency: Currency,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${userId}`)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
