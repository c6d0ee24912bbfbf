import type { Db } from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';

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
