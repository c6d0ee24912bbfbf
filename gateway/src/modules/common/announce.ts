import type { AccountEventName, AccountEventPayloads } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../deps.ts';
import type { WriteTrx } from '@kabuto/schema/db';

/**
 * After a committed change to an account: its status event and an asset recomputation. Not
 * awaited by the reply: both are hints over Redis (the client resyncs from REST on a gap).
 */
export function announce<E extends AccountEventName>(
  deps: GatewayDeps,
  userId: number,
  event: E,
  payload: AccountEventPayloads[E],
  recomputeReason: string,
): void {
  deps.assetRecompute.request(userId, recomputeReason);
  deps.accountEvents
    .emit(userId, event, payload)
    .catch((error: unknown) =>
      deps.logger.warn(
        { err: String(error), userId, event, recomputeReason },
        'account event not sent',
      ),
    );
}

/**
 * The same for a change still in its transaction: the event is written there (the outbox, with the
 * account's seq) and relayed once it commits, the recomputation asked for once it commits; a write
 * that rolls back announces nothing. Every command that owns its transaction uses this.
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
