import type { AccountEventName } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../deps.ts';

/**
 * After a committed change to an account: its status event and an asset recomputation. Not
 * awaited by the reply: both are hints over Redis (the client resyncs from REST on a gap).
 */
export function announce(
  deps: GatewayDeps,
  userId: number,
  event: AccountEventName,
  reason: string,
  payload: Record<string, unknown> = {},
): void {
  deps.assetRecompute.request(userId, reason);
  deps.accountEvents
    .emit(userId, event, { reason, ...payload })
    .catch((error: unknown) =>
      deps.logger.warn({ err: String(error), userId, event, reason }, 'account event not sent'),
    );
}
