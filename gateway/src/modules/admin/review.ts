import {
  adminDecideRequest,
  noData,
  Refusal,
  type FundDecisionReason,
} from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../deps.ts';
import { defineAdminCall, type AdminCaller, type CallDefinition } from '../../http/call.ts';
import { announce } from '../common/announce.ts';

/**
 * What every back-office review shares, whatever the module: the decision an admin sends, the
 * forward-only claim of a pending row, the admin as a journal actor, the status filter of the
 * review lists and the announcement of a decision. Each module's own decisions live in its
 * `<module>.admin-calls.ts` and its review service.
 */
export interface Decision {
  readonly id: number;
  readonly decision: 'approve' | 'reject';
  readonly reason?: string | undefined;
}

/** Moves a pending row forward exactly once (I10: forward-only); a second decision finds nothing pending. */
export async function claimPending(
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

export const actor = (admin: AdminCaller) => ({ type: 'admin' as const, id: admin.adminId });

/** The statuses a review list shows for a filter: `approved` also shows paid withdrawals. */
export const reviewStatuses = (status: string): string[] | null =>
  status === 'all' ? null : status === 'approved' ? ['approved', 'paid'] : [status];

/** A decision tells the user's screens: their funds changed and a message arrived. */
export function announceDecision(
  deps: GatewayDeps,
  userId: number,
  reason: FundDecisionReason,
  id: number,
): void {
  announce(deps, userId, 'fund:updated', { reason, id: String(id) }, reason);
  announce(deps, userId, 'message:created', { reason }, reason);
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
 * A back-office decision call: `decide` makes the decision in its module's transaction, then the
 * user's screens hear of it. Every module's `<subject>/decide` is one of these.
 */
export function defineDecisionCall(spec: {
  readonly subject: 'kyc' | 'deposit' | 'withdrawal';
  readonly summary: string;
  decide(deps: GatewayDeps, admin: AdminCaller, decision: Decision): Promise<{ userId: number }>;
}): CallDefinition {
  return defineAdminCall({
    path: `${spec.subject}/decide`,
    summary: spec.summary,
    input: adminDecideRequest,
    output: noData,
    async handle({ input, admin, deps }) {
      const { userId } = await spec.decide(deps, admin, input);
      announceDecision(deps, userId, `${spec.subject}_${input.decision}`, input.id);
      return { msg: 'submit_ok' };
    },
  });
}
