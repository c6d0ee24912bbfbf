import type { Db } from '@kabuto/schema/db';
import {
  OPEN_WITHDRAWAL_STATUSES,
  type Currency,
  type WithdrawalStatus,
} from '@kabuto/schema/domain';

/** A withdrawal as its owner sees it, with the bank account it goes to. */
export interface WithdrawalRecord {
  readonly id: bigint;
  readonly status: WithdrawalStatus;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly reason: string | null;
  readonly bankName: string;
  readonly accountNumber: string;
  readonly createdAtMs: number;
  readonly reviewedAtMs: number | null;
}

/** Whether the user has a withdrawal still holding money (pending review, approved or sending). */
export async function hasOpenWithdrawal(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', OPEN_WITHDRAWAL_STATUSES)
    .executeTakeFirst();
  return Boolean(row);
}

/** The user's 100 latest withdrawals, newest first, each with its card's bank and number. */
export async function withdrawalsOf(db: Db, userId: number): Promise<WithdrawalRecord[]> {
  const rows = await db
    .selectFrom('withdrawal as w')
    .innerJoin('bank_card as c', 'c.id', 'w.card_id')
    .select([
      'w.id',
      'w.status',
      'w.currency',
      'w.amount',
      'w.reason',
      'w.created_at',
      'w.reviewed_at',
      'c.bank_name',
      'c.account_number',
    ])
    .where('w.user_id', '=', BigInt(userId))
    .orderBy('w.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status as WithdrawalStatus,
    currency: r.currency as Currency,
    amount: r.amount,
    reason: r.reason,
    bankName: r.bank_name,
    accountNumber: r.account_number,
    createdAtMs: Number(r.created_at),
    reviewedAtMs: r.reviewed_at === null ? null : Number(r.reviewed_at),
  }));
}

/** Writes a withdrawal waiting for review, with its hold journal, in the caller's transaction. */
export async function insertWithdrawal(
  trx: Db,
  withdrawal: {
    userId: number;
    cardId: number;
    currency: Currency;
    amount: bigint;
    holdJournalId: bigint;
    nowMs: number;
  },
): Promise<bigint> {
  const row = await trx
    .insertInto('withdrawal')
    .values({
      user_id: BigInt(withdrawal.userId),
      card_id: BigInt(withdrawal.cardId),
      currency: withdrawal.currency,
      amount: withdrawal.amount,
      status: 'pending',
      reason: null,
      hold_journal_id: withdrawal.holdJournalId,
      settle_journal_id: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: withdrawal.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
