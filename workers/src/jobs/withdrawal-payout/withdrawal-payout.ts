import { insertInboxMessage, postJournal, writeTransaction, type Db } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { withdrawalPaidPostings } from '@kabuto/schema/funds';
import type { Clock } from '@kabuto/schema/contracts';
import type { BankTransferProvider } from './bank-transfers.ts';

/** The provider key of a withdrawal's transfer: one withdrawal, one transfer, however often it is sent. */
export function payoutKey(withdrawalId: number): string {
  return `withdrawal-${withdrawalId}`;
}

async function approvedAndUnpaid(db: Db, withdrawalId: number) {
  return db
    .selectFrom('withdrawal as w')
    .innerJoin('bank_card as c', 'c.id', 'w.card_id')
    .select([
      'w.id',
      'w.user_id',
      'w.currency',
      'w.amount',
      'c.bank_name',
      'c.branch_code',
      'c.card_type',
      'c.account_number',
      'c.holder_kana',
    ])
    .where('w.id', '=', BigInt(withdrawalId))
    .where('w.status', '=', 'pending')
    .where('w.approved_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * Pays an approved withdrawal: sends the transfer under the withdrawal's key, then in one
 * transaction marks it paid with the provider's reference, moves the hold to the bank and tells the
 * user. Run again after a crash anywhere in between, it sends nothing new (the provider answers
 * the key with the first reference) and the conditional update lets only one run post the journal.
 * Returns the user to notify, or null when there was nothing to pay.
 */
export async function payWithdrawal(
  deps: { db: Db; transfers: BankTransferProvider; clock: Clock },
  withdrawalId: number,
): Promise<{ userId: number } | null> {
  const row = await approvedAndUnpaid(deps.db, withdrawalId);
  if (!row) return null;
  const currency = row.currency as Currency;
  const amount = formatScaled(row.amount, scaleOf(currency));
  const { reference } = await deps.transfers.send({
    idempotencyKey: payoutKey(withdrawalId),
    currency,
    amount,
    bankName: row.bank_name,
    branchCode: row.branch_code,
    accountType: row.card_type,
    accountNumber: row.account_number,
    holderKana: row.holder_kana,
  });
  const userId = Number(row.user_id);
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    async (trx) => {
      const marked = await trx
        .updateTable('withdrawal')
        .set({ status: 'paid', payout_reference: reference })
        .where('id', '=', BigInt(withdrawalId))
        .where('status', '=', 'pending')
        .where('approved_at', 'is not', null)
        .executeTakeFirst();
      if (marked.numUpdatedRows !== 1n) return null;
      const journalId = await postJournal(
        trx,
        {
          kind: 'withdrawal_paid',
          ...journalMemo('withdrawal_paid', { id: withdrawalId }),
          actor: { type: 'system', id: 'withdrawal-payout' },
          reference: `withdrawal:${withdrawalId}`,
          postings: withdrawalPaidPostings(userId, currency, row.amount),
        },
        nowMs,
      );
      await trx
        .updateTable('withdrawal')
        .set({ settle_journal_id: journalId })
        .where('id', '=', BigInt(withdrawalId))
        .execute();
      await insertInboxMessage(trx, {
        userId,
        kind: 'withdrawal_paid',
        params: { amount, currency, reason: '' },
        nowMs,
      });
      return { userId };
    },
    { lockUser: userId },
  );
}

/** Withdrawals approved but not yet paid: what a crash or a lost job left behind. */
export async function unpaidApprovedWithdrawals(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('status', '=', 'pending')
    .where('approved_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}
