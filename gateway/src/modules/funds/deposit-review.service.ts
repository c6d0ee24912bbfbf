import { insertInboxMessage, postJournal, writeTransaction } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { depositPostings } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit } from '../admin/admin-sessions.repository.ts';
import { actor, claimPending, ownerOf, type Decision } from '../admin/review.ts';

/** Deposit: approval credits cash from the bank clearing account in the same transaction. */
export async function decideDeposit(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const nowMs = deps.clock.nowMs();
  const userId = await ownerOf(deps.db, 'deposit', decision.id);
  return writeTransaction(
    deps.db,
    async (trx) => {
      const row = await trx
        .selectFrom('deposit')
        .select(['currency', 'amount', 'transfer_reference'])
        .where('id', '=', BigInt(decision.id))
        .executeTakeFirstOrThrow();
      const currency = row.currency as Currency;
      const amount = formatScaled(row.amount, scaleOf(currency));
      const approved = decision.decision === 'approve';
      await claimPending(
        trx,
        'deposit',
        decision.id,
        approved ? 'approved' : 'rejected',
        admin,
        approved ? null : (decision.reason ?? null),
        nowMs,
      );
      if (approved) {
        const journalId = await postJournal(
          trx,
          {
            kind: 'deposit',
            ...journalMemo('deposit', { id: decision.id, reference: row.transfer_reference }),
            actor: actor(admin),
            reference: `deposit:${decision.id}`,
            postings: depositPostings(userId, currency, row.amount),
          },
          nowMs,
        );
        await trx
          .updateTable('deposit')
          .set({ journal_id: journalId })
          .where('id', '=', BigInt(decision.id))
          .execute();
        await insertInboxMessage(trx, {
          userId,
          kind: 'deposit_approved',
          params: { amount, currency },
          nowMs,
        });
      } else {
        await insertInboxMessage(trx, {
          userId,
          kind: 'deposit_rejected',
          params: { amount, currency, reason: decision.reason ?? '' },
          nowMs,
        });
      }
      await audit(trx, {
        adminId: admin.adminId,
        action: `deposit.${decision.decision}`,
        subject: `deposit:${decision.id}`,
        detail: { userId, amount, currency, reason: decision.reason ?? null },
        nowMs,
      });
      return { userId };
    },
    { lockUser: userId },
  );
}
