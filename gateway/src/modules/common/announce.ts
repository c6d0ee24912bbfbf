import type { AccountEventName, AccountEventPayloads } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../deps.ts';

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
