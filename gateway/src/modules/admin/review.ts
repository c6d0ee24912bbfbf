import {
  adminDecideRequest,
  noData,
  Refusal,
  type FundDecisionReason,
} from '@kabuto/schema/contracts';
import { advance, type AdvanceEffects, type Db, type WriteTrx } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { defineAdminCall, type AdminCaller, type CallDefinition } from '../../http/call.ts';

/**
 * What every back-office review shares, whatever the module: the decision an admin sends, the
 * forward-only claim of a pending KYC submission (deposits and withdrawals are holds: they move
 * with `advance`), the admin as a journal actor, the status filter of the review lists and the
 * announcement of a decision. Each module's own decisions live in its `<module>.admin-calls.ts`
 * and its review service.
 */
export interface Decision {
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason?: string | undefined;
}

/** Moves a pending submission forward exactly once (I10: forward-only); a second decision finds nothing pending. */
export async function claimPending(
  trx: WriteTrx,
  submission: { kind: 'kyc_submission'; id: number; userId: number },
  to: 'approved' | 'rejected',
  admin: AdminCaller,
  reason: string | null,
  nowMs: number,
) {
  const claimed = await advance(trx, submission, 'pending', to, {
    nowMs,
    set: { reason, reviewed_by: BigInt(admin.adminId), reviewed_at: nowMs },
  });
  if (!claimed.advanced) throw new Refusal('not_found');
}

export const actor = (admin: AdminCaller) => ({ type: 'admin' as const, id: admin.adminId });

/**
 * The statuses a review list shows for a filter: `approved` also shows withdrawals on their way
 * (`sending`) and paid ones.
 */
export const reviewStatuses = (status: string): string[] | null =>
  status === 'all' ? null : status === 'approved' ? ['approved', 'sending', 'paid'] : [status];

/**
 * How a decision tells the user's screens (their funds changed, a message arrived): both account
 * events written in the decision's transaction (the outbox relays them once it commits, never for
 * one that rolled back), and the asset recompute asked for after the commit.
 */
export function decisionAnnouncement(
  deps: GatewayDeps,
  userId: number,
  reason: FundDecisionReason,
  id: number,
): Required<Pick<AdvanceEffects, 'record' | 'afterCommit'>> {
  return {
    async record(trx) {
      await deps.accountEvents.record(trx, userId, 'fund:updated', { reason, id: String(id) });
      await deps.accountEvents.record(trx, userId, 'message:created', { reason });
    },
    afterCommit: () => deps.assetRecompute.request(userId, reason),
  };
}

/** `decisionAnnouncement` for a decision that is not a hold (KYC): recorded in `trx` now. */
export async function announceDecision(
  deps: GatewayDeps,
  trx: WriteTrx,
  decision: { userId: number; reason: FundDecisionReason; id: number },
): Promise<void> {
  const announcement = decisionAnnouncement(deps, decision.userId, decision.reason, decision.id);
  await announcement.record(trx);
  trx.afterCommit(announcement.afterCommit);
}

/** The user a deposit or withdrawal belongs to (never changes): whose lock its decision takes. */
export async function ownerOf(
  db: Db,
  table: 'deposit' | 'withdrawal',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!row) throw new Refusal('not_found');
  return Number(row.user_id);
}

/**
 * A back-office decision call: `decide` makes the decision in its module's transaction, with its
 * announcement (`decisionAnnouncement`) in the same transaction. Every module's `<subject>/decide`
 * is one of these.
 */
export function defineDecisionCall(spec: {
  readonly subject: 'kyc' | 'deposit' | 'withdrawal' | 'loan';
  readonly summary: string;
  decide(deps: GatewayDeps, admin: AdminCaller, decision: Decision): Promise<{ userId: number }>;
}): CallDefinition {
  return defineAdminCall({
    path: `${spec.subject}/decide`,
    power: 'review',
    summary: spec.summary,
    input: adminDecideRequest,
    output: noData,
    async handle({ input, admin, deps }) {
      await spec.decide(deps, admin, input);
      return { msg: 'submit_ok' };
    },
  });
}
