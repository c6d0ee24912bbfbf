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

function ownerKey(ref: AccountRef): string {
  return ref.owner === 'user' ? `u:${ref.userId}` : 'platform';
}

async function ensureAccount(trx: Db, ref: AccountRef, nowMs: number): Promise<bigint> {
  const owner = ownerKey(ref);
  const existing = await trx
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_key', '=', owner)
    .where('kind', '=', ref.kind)
    .where('currency', '=', ref.currency)
    .executeTakeFirst();
  if (existing) return existing.id;
  const inserted = await trx
    .insertInto('ledger_account')
    .values({
      owner_key: owner,
      user_id: ref.owner === 'user' ? ref.userId : null,
      kind: ref.kind,
      currency: ref.currency,
      balance: 0n,
      allow_negative: mayGoNegative(ref) ? 1 : 0,
      created_at: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Applies one posting with a conditional update: the no-overspend check and the write are one statement. */
async function applyPosting(trx: Db, accountId: bigint, amountMinor: bigint): Promise<boolean> {
  const result = await trx
    .updateTable('ledger_account')
    .set({ balance: sql`balance + ${amountMinor}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('allow_negative', '=', 1n), eb(sql`balance + ${amountMinor}`, '>=', 0)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

async function nextJournalId(trx: Db): Promise<bigint> {
  const row = await trx
    .updateTable('ledger_sequence')
    .set({ last_seq: sql`last_seq + 1` })
    .where('id', '=', 1n)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

function journalUserId(entry: JournalEntry): number | null {
  const user = entry.postings.find((p) => p.account.owner === 'user');
  return user && user.account.owner === 'user' ? user.account.userId : null;
}

/**
 * The only write path for balances. Call inside `writeTransaction`. Asserts I1 before writing,
 * refuses (`balance_insufficient`) any posting that would take a user's account below zero,
 * and numbers journals without gaps (I9). Returns the journal id.
 */
export async function postJournal(
  trx: Db,
  entry: JournalEntry,
  nowMs: number = Date.now(),
): Promise<bigint> {
  assertBalanced(entry.postings);
  // A fixed order of account updates keeps PostgreSQL free of deadlocks between journals.
  const ordered = [...entry.postings].sort((a, b) =>
    accountKey(a.account) < accountKey(b.account) ? -1 : 1,
  );
  const accountIds: bigint[] = [];
  for (const posting of ordered) {
    const accountId = await ensureAccount(trx, posting.account, nowMs);
    if (!(await applyPosting(trx, accountId, posting.amountMinor))) {
      throw new Refusal('balance_insufficient');
    }
    accountIds.push(accountId);
  }
  const journalId = await nextJournalId(trx);
  await trx
    .insertInto('journal')
    .values({
      id: journalId,
      kind: entry.kind,
      memo: entry.memo,
      actor_type: entry.actor.type,
      actor_id: String(entry.actor.id),
      reference: entry.reference ?? null,
      user_id: journalUserId(entry),
      created_at: nowMs,
    })
    .execute();
  await trx
    .insertInto('posting')
    .values(
      ordered.map((posting, index) => ({
        journal_id: journalId,
        account_id: accountIds[index] ?? 0n,
        currency: posting.account.currency,
        amount: posting.amountMinor,
      })),
    )
    .execute();
  return journalId;
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
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${userId}`)
    .where('kind', '=', 'cash')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
