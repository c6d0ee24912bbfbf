import { Refusal } from '@kabuto/schema/contracts';
import { insertInboxMessage, writeTransaction } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { hashPassword } from '../auth/public.ts';
import { audit } from '../admin/public.ts';
import { announceDecision, claimPending, type Decision } from '../admin/public.ts';
import { loadUserSecurity, newChannelPassword } from './user-security.repository.ts';

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
        { kind: 'kyc_submission', id: decision.id, userId },
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
      await announceDecision(deps, trx, {
        userId,
        reason: `kyc_${decision.decision}`,
        id: decision.id,
      });
    },
    { lockUser: userId },
  );
  return { userId };
}
