import type { AccountEventName, AccountEventPayloads } from '@kabuto/schema/contracts';
import type { WriteTrx } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';

/**
 * A change to an account, still in its transaction: its event is written there (the outbox, with
 * the account's seq) and relayed once the transaction commits, and an asset recomputation is asked
 * for once it commits; a write that rolls back announces nothing. Both are hints (the client
 * resyncs from REST on a gap). Every command that owns its transaction announces through this.
 */
export async function announceInTransaction<E extends AccountEventName>(
  deps: Pick<GatewayDeps, 'accountEvents' | 'assetRecompute'>,
  trx: WriteTrx,
  change: { userId: number; event: E; payload: AccountEventPayloads[E] },
  recomputeReason: string,
): Promise<void> {
  await deps.accountEvents.record(trx, change.userId, change.event, change.payload);
  trx.afterCommit(() => deps.assetRecompute.request(change.userId, recomputeReason));
}
