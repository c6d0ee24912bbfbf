import { Refusal } from '@kabuto/schema/contracts';
import { insertInboxMessage, postJournal, writeTransaction, type Db } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { withdrawalReturnedPostings } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit } from '../admin/admin-sessions.repository.ts';
import { actor, ownerOf, type Decision } from '../admin/review.ts';

/**
 * Moves a pending withdrawal that is not yet approved forward exactly once: approved for payout
 * (it stays pending for the user until the money has gone), or rejected.
 */
async function claimUnapprovedWithdrawal(
  trx: Db,
  id: number,
  change: { approve: boolean; reason: string | null },
  admin: AdminCaller,
  nowMs: number,
) {
  const result = await trx
    .updateTable('withdrawal')
    .set(
      change.approve
        ? {
            approved_by: BigInt(admin.adminId),
            approved_at: nowMs,
            reviewed_by: BigInt(admin.adminId),
            reviewed_at: nowMs,
          }
        : {
            status: 'rejected',
            reason: change.reason,
            reviewed_by: BigInt(admin.adminId),
            reviewed_at: nowMs,
          },
    )
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .where('approved_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Refusal('not_found');
}

/**
 * Withdrawal: approval hands it to the payout worker (which sends the transfer, then moves the
 * hold to the bank); rejection returns exactly the held amount to cash.
 */
export async function decideWithdrawal(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const nowMs = deps.clock.nowMs();
  const approve = decision.decision === 'approve';
  const owner = await ownerOf(deps.db, 'withdrawal', decision.id);
  const decided = await writeTransaction(
    deps.db,
    async (trx) => {
      const row = await trx
        .selectFrom('withdrawal')
        .select(['user_id', 'currency', 'amount'])
        .where('id', '=', BigInt(decision.id))
        .executeTakeFirst();
      if (!row) throw new Refusal('not_found');
      const userId = Number(row.user_id);
      const currency = row.currency as Currency;
      const amount = formatScaled(row.amount, scaleOf(currency));
      const reason = approve ? null : (decision.reason ?? null);
      await claimUnapprovedWithdrawal(trx, decision.id, { approve, reason }, admin, nowMs);
      await audit(trx, {
        adminId: admin.adminId,
        action: `withdrawal.${approve ? 'approve' : 'reject'}`,
        subject: `withdrawal:${decision.id}`,
        detail: { userId, amount, currency, reason },
        nowMs,
      });
      if (approve) return { userId };
      const journalId = await postJournal(
        trx,
        {
          kind: 'withdrawal_returned',
          ...journalMemo('withdrawal_returned', { id: decision.id, reason: reason ?? '' }),
          actor: actor(admin),
          reference: `withdrawal:${decision.id}`,
          postings: withdrawalReturnedPostings(userId, currency, row.amount),
        },
        nowMs,
      );
      await trx
        .updateTable('withdrawal')
        .set({ settle_journal_id: journalId })
        .where('id', '=', BigInt(decision.id))
        .execute();
      await insertInboxMessage(trx, {
        userId,
        kind: 'withdrawal_rejected',
        params: { amount, currency, reason: reason ?? '' },
        nowMs,
      });
      return { userId };
    },
    { lockUser: owner },
  );
  if (approve) await deps.payouts.request(decision.id);
  return decided;
}
