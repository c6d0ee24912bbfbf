import { Refusal } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { checkWithLimits, userLimit } from '../../infra/limiters.ts';
import { verifyPassword } from '../auth/public.ts';

/**
 * The secrets a signed-in user is asked for, each checked only after its limiter has spent the
 * attempt (decision 36): five tries per 15 minutes per user and secret, reset by a success.
 */

/** The login password asked again inside a session (changePassword, setFundPassword). */
export async function recheckLoginPassword(
  deps: GatewayDeps,
  userId: number,
  stored: string,
  plain: string,
): Promise<void> {
  const ok = await checkWithLimits(userLimit(deps.limiters.passwordRecheck, String(userId)), () =>
    verifyPassword(stored, plain),
  );
  if (!ok) throw new Refusal('wrong_original_password');
}

/** The six-digit fund password (withdraw, changeFundPassword). */
export async function checkFundPassword(
  deps: GatewayDeps,
  userId: number,
  stored: string,
  plain: string,
): Promise<void> {
  const ok = await checkWithLimits(userLimit(deps.limiters.fundSecrets, `fund:${userId}`), () =>
    verifyPassword(stored, plain),
  );
  if (!ok) throw new Refusal('wrong_fund_password');
}

/** The channel password issued when verification passed (fund/channel); none issued fails every try. */
export async function checkChannelPassword(
  deps: GatewayDeps,
  userId: number,
  stored: string | null,
  plain: string,
): Promise<void> {
  const ok = await checkWithLimits(
    userLimit(deps.limiters.fundSecrets, `channel:${userId}`),
    async () => stored !== null && (await verifyPassword(stored, plain)),
  );
  if (!ok) throw new Refusal('wrong_channel_password');
}
