import { Refusal } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type AdvanceEffects } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { withdrawalReturnedPostings } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { actor, decisionAnnouncement, ownerOf, type Decision } from '../admin/public.ts';

interface WithdrawalRow {
  readonly userId: number;
  readonly currency: Currency;
  readonly amount: bigint;
}

/** Approval: who approved it and when; the payout worker is asked to send it once committed. */
function approvalEffects(
  deps: GatewayDeps,
  decision: { admin: AdminCaller; id: number; nowMs: number },
  announcement: Pick<AdvanceEffects, 'afterCommit'>,
): Partial<AdvanceEffects> {
  const { admin, id, nowMs } = decision;
  return {
    set: { approved_by: BigInt(admin.adminId), approved_at: nowMs },
    afterCommit: async () => {
      await announcement.afterCommit?.();
      await deps.payouts.request(id);
    },
  };
}

/** Rejection: exactly the held amount back to cash, and the user's message. */
function rejectionEffects(
  admin: AdminCaller,
  id: number,
  row: WithdrawalRow,
  reason: string,
): Partial<AdvanceEffects> {
  return {
    set: { reason },
    journal: {
      kind: 'withdrawal_returned',
      ...journalMemo('withdrawal_returned', { id, reason }),
      actor: actor(admin),
      reference: `withdrawal:${id}`,
      postings: withdrawalReturnedPostings(row.userId, row.currency, row.amount),
    },
    journalColumn: 'settle_journal_id',
    inbox: {
      kind: 'withdrawal_rejected',
      params: {
        amount: formatScaled(row.amount, scaleOf(row.currency)),
        currency: row.currency,
        reason,
      },
    },
  };
}

/**
 * Withdrawal: approval (pending → approved) hands it to the payout worker, which sends the
 * transfer and then moves the hold to the bank; rejection (pending → rejected) returns exactly the
 * held amount to cash. A second decision finds it no longer pending: `not_found`, nothing written.
 */
export async function decideWithdrawal(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const nowMs = deps.clock.nowMs();
  const approve = decision.decision === 'approve';
  const userId = await ownerOf(deps.db, 'withdrawal', decision.id);
  const reason = approve ? null : (decision.reason ?? null);
  return writeTransaction(
    deps.db,
    async (trx) => {
      const found = await trx
        .selectFrom('withdrawal')
        .select(['currency', 'amount'])
        .where('id', '=', BigInt(decision.id))
        .executeTakeFirstOrThrow();
      const row = { userId, currency: found.currency as Currency, amount: found.amount };
      const announcement = decisionAnnouncement(
        deps,
        userId,
        `withdrawal_${decision.decision}`,
        decision.id,
      );
      const outcome = approve
        ? approvalEffects(deps, { admin, id: decision.id, nowMs }, announcement)
        : rejectionEffects(admin, decision.id, row, reason ?? '');
      const decided = await advance(
        trx,
        { kind: 'withdrawal', id: decision.id, userId },
        'pending',
        approve ? 'approved' : 'rejected',
        {
          nowMs,
          ...announcement,
          ...outcome,
          set: { ...outcome.set, reviewed_by: BigInt(admin.adminId), reviewed_at: nowMs },
          audit: {
            adminId: admin.adminId,
            action: `withdrawal.${decision.decision}`,
            detail: {
              userId,
              amount: formatScaled(row.amount, scaleOf(row.currency)),
              currency: row.currency,
              reason,
            },
          },
        },
      );
      if (!decided.advanced) throw new Refusal('not_found');
      return { userId };
    },
    { lockUser: userId },
  );
}
