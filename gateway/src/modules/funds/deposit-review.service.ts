import { Refusal } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type AdvanceEffects } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { depositPostings } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { actor, decisionAnnouncement, ownerOf, type Decision } from '../admin/public.ts';

interface DepositRow {
  readonly userId: number;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly transferReference: string;
}

/** What approving a deposit writes beside its status: cash credited from the bank clearing account. */
function approvalEffects(
  admin: AdminCaller,
  id: number,
  row: DepositRow,
  amount: string,
): Partial<AdvanceEffects> {
  return {
    journal: {
      kind: 'deposit',
      ...journalMemo('deposit', { id, reference: row.transferReference }),
      actor: actor(admin),
      reference: `deposit:${id}`,
      postings: depositPostings(row.userId, row.currency, row.amount),
    },
    journalColumn: 'journal_id',
    inbox: { kind: 'deposit_approved', params: { amount, currency: row.currency } },
  };
}

/** What rejecting a deposit writes beside its status: only the user's message. */
function rejectionEffects(row: DepositRow, amount: string, reason: string | null) {
  return {
    inbox: {
      kind: 'deposit_rejected',
      params: { amount, currency: row.currency, reason: reason ?? '' },
    },
  } as const satisfies Partial<AdvanceEffects>;
}

/** Deposit: approval credits cash from the bank clearing account in the same transaction. */
export async function decideDeposit(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const nowMs = deps.clock.nowMs();
  const userId = await ownerOf(deps.db, 'deposit', decision.id);
  const approved = decision.decision === 'approve';
  const reason = approved ? null : (decision.reason ?? null);
  return writeTransaction(
    deps.db,
    async (trx) => {
      const found = await trx
        .selectFrom('deposit')
        .select(['currency', 'amount', 'transfer_reference'])
        .where('id', '=', BigInt(decision.id))
        .executeTakeFirstOrThrow();
      const row: DepositRow = {
        userId,
        currency: found.currency as Currency,
        amount: found.amount,
        transferReference: found.transfer_reference,
      };
      const amount = formatScaled(row.amount, scaleOf(row.currency));
      const decided = await advance(
        trx,
        { kind: 'deposit', id: decision.id, userId },
        'pending',
        approved ? 'approved' : 'rejected',
        {
          nowMs,
          set: { reason, reviewed_by: BigInt(admin.adminId), reviewed_at: nowMs },
          ...(approved
            ? approvalEffects(admin, decision.id, row, amount)
            : rejectionEffects(row, amount, reason)),
          audit: {
            adminId: admin.adminId,
            action: `deposit.${decision.decision}`,
            detail: { userId, amount, currency: row.currency, reason },
          },
          ...decisionAnnouncement(deps, userId, `deposit_${decision.decision}`, decision.id),
        },
      );
      if (!decided.advanced) throw new Refusal('not_found');
      return { userId };
    },
    { lockUser: userId },
  );
}
