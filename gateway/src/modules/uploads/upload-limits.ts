import type { GatewayDeps } from '../../infra/deps.ts';
import { addressKey } from '../../infra/address-key.ts';
import { consumeOrRefuse } from '../../infra/limiters.ts';

/**
 * Spends one upload for the user and one for the IP before any image work: too_frequent (429) once
 * either has none left this hour, so a caller cannot make the gateway decode pixels forever.
 */
export async function spendUploadAttempt(
  deps: GatewayDeps,
  userId: number,
  ip: string,
): Promise<void> {
  await consumeOrRefuse(deps.limiters.uploadsByUser, String(userId));
  await consumeOrRefuse(deps.limiters.uploadsByIp, addressKey(ip));
}
