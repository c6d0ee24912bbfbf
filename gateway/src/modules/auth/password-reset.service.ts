import { Refusal } from '@kabuto/schema/contracts';
import { insertInboxMessage, writeTransaction } from '@kabuto/schema/db';
import { normaliseLoginId } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import { addressKey } from '../../infra/address-key.ts';
import { markCodeConsumed, verifyCode } from '../common/public.ts';
import { hashPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.repository.ts';
import { findUserByAccount, setPasswordHash } from './users.repository.ts';

/**
 * A forgotten login password (`user/resetPassword`): the reset code sent to the account, checked
 * under the same limits as every code, then in one transaction under the user's lock the code is
 * spent, the password replaced, every session ended and an inbox message written (shown with the
 * user's anti-phishing phrase). Every socket of the account is disconnected after. An unknown
 * account answers `code_invalid` as a wrong code does, so the call tells nothing about who exists.
 */
export async function resetLoginPassword(
  deps: GatewayDeps,
  input: { account: string; code: string; password: string; repassword: string; ip: string },
): Promise<void> {
  if (input.password !== input.repassword) throw new Refusal('passwords_mismatch');
  const account = normaliseLoginId(input.account);
  const codeId = await verifyCode(deps, { account, purpose: 'reset', code: input.code });
  const user = await findUserByAccount(deps.db, account);
  if (!user) throw new Refusal('code_invalid');
  const passwordHash = await hashPassword(input.password);
  const nowMs = deps.clock.nowMs();
  const ended = await writeTransaction(
    deps.db,
    async (trx) => {
      await markCodeConsumed(trx, codeId, nowMs);
      await setPasswordHash(trx, user.id, passwordHash);
      await insertInboxMessage(trx, {
        userId: user.id,
        kind: 'password_reset',
        params: { at: String(nowMs) },
        nowMs,
      });
      await deps.accountEvents.record(trx, user.id, 'message:created', { kind: 'password_reset' });
      return revokeAllSessions(trx, user.id, nowMs);
    },
    { lockUser: user.id },
  );
  deps.accountEvents.endSessions(ended);
  // The new password opens at once: this address's failed tries on the account are forgotten
  // (a user locked out by their own wrong tries resets, then signs in).
  await deps.limiters.loginByAccountIp.delete(`${account}|${addressKey(input.ip)}`);
}
