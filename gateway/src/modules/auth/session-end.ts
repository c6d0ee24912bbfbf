import { writeTransaction, type Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { revokeOtherSessions, revokeSession } from './sessions.repository.ts';

/**
 * Every call that ends sessions goes through here: the database revokes them first (HTTP stops at
 * once), then their sockets are disconnected on every gateway through the Socket.IO adapter. What
 * ends a session outside these calls (a ban or freeze, a revocation written to the database,
 * expiry) is caught by each gateway's session sweep (`realtime/session-sweep.ts`).
 */
export async function endOwnSession(
  deps: GatewayDeps,
  entry: { userId: number; sessionId: number },
): Promise<boolean> {
  const revoked = await revokeSession(deps.db, { ...entry, nowMs: deps.clock.nowMs() });
  if (revoked) deps.accountEvents.endSessions([entry.sessionId]);
  return revoked;
}

/** Makes `change` (a new password) and ends every other session of the user, in one transaction. */
export async function endOtherSessions(
  deps: GatewayDeps,
  entry: { userId: number; keepSessionId: number },
  change: (trx: Db) => Promise<void>,
): Promise<void> {
  // Under the user's lock, as a login writes its session: a login racing the change either
  // commits first (its session is revoked here) or sees the new password and is refused.
  const ended = await writeTransaction(
    deps.db,
    async (trx) => {
      await change(trx);
      return revokeOtherSessions(trx, { ...entry, nowMs: deps.clock.nowMs() });
    },
    { lockUser: entry.userId },
  );
  deps.accountEvents.endSessions(ended);
}
