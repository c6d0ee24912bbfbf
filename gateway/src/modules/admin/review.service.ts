import { Refusal } from '@kabuto/schema/contracts';
import { insertInboxMessage, postJournal, writeTransaction, type Db } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import { depositPostings, withdrawalReturnedPostings } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadUserSecurity, newChannelPassword } from '../kyc/user-security.repository.ts';
import { audit } from './admin-sessions.repository.ts';

export interface Decision {
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason?: string | undefined;
}

/** Moves a pending row forward exactly once (I10: forward-only); a second decision finds nothing pending. */
async function claimPending(
  trx: Db,
  table: 'kyc_submission' | 'deposit' | 'withdrawal',
  id: number,
  status: string,
  admin: AdminCaller,
  reason: string | null,
  nowMs: number,
) {
  const result = await trx
    .updateTable(table)
    .set({ status, reason, reviewed_by: BigInt(admin.adminId), reviewed_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Refusal('not_found');
}

const actor = (admin: AdminCaller) => ({ type: 'admin' as const, id: admin.adminId });

/** KYC: approval also issues the deposit channel password, delivered to the inbox. */
export async function decideKyc(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const nowMs = deps.clock.nowMs();
  const approved = decision.decision === 'approve';
  // Hashed before the transaction (never slow work inside it), and only when it will be issued.
  const channelPassword = approved ? newChannelPassword() : '';
  const channelPasswordHash = approved ? await hashPassword(channelPassword) : '';
  const row = await deps.db
    .selectFrom('kyc_submission')
    .select(['user_id'])
    .where('id', '=', BigInt(decision.id))
    .executeTakeFirst();
  if (!row) throw new Refusal('not_found');
  const userId = Number(row.user_id);
  await loadUserSecurity(deps.db, userId);
  await writeTransaction(
    deps.db,
    async (trx) => {
      await claimPending(
        trx,
        'kyc_submission',
        decision.id,
        approved ? 'approved' : 'rejected',
        admin,
        approved ? null : (decision.reason ?? null),
        nowMs,
      );
      if (approved) {
        await trx
          .updateTable('user_security')
          .set({ channel_password_hash: channelPasswordHash })
          .where('user_id', '=', BigInt(userId))
          .execute();
        await insertInboxMessage(trx, { userId, kind: 'kyc_approved', params: {}, nowMs });
        await insertInboxMessage(trx, {
          userId,
          kind: 'channel_password',
          params: { code: channelPassword },
          nowMs,
        });
      } else {
        await insertInboxMessage(trx, {
          userId,
          kind: 'kyc_rejected',
          params: { reason: decision.reason ?? '' },
          nowMs,
        });
      }
      await audit(trx, {
        adminId: admin.adminId,
        action: `kyc.${decision.decision}`,
        subject: `kyc_submission:${decision.id}`,
        detail: { userId, reason: decision.reason ?? null },
        nowMs,
      });
    },
    { lockUser: userId },
  );
  return { userId };
}

/** The user a deposit or withdrawal belongs to (never changes): whose lock its decision takes. */
async function ownerOf(db: Db, table: 'deposit' | 'withdrawal', id: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!row) throw new Refusal('not_found');
  return Number(row.user_id);
}

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
