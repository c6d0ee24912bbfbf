import {
  changeFundPasswordRequest,
  changePasswordRequest,
  Refusal,
  setFundPasswordRequest,
  noData,
} from '@kabuto/schema/contracts';
import { insertInboxMessage, writeTransaction } from '@kabuto/schema/db';
import { authWiring } from '@kabuto/schema/modules/auth/wiring.ts';
import { contractOf, defineUserCall, type Caller, type CallDefinition } from '../../http/call.ts';
import { markCodeConsumed, verifyCode } from '../common/public.ts';
import { hashPassword } from '../auth/public.ts';
import {
  findUserById,
  setFundPasswordHash,
  setPasswordHash,
  type UserRecord,
} from '../auth/public.ts';
import { endOtherSessions } from '../auth/public.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { verifyTotp } from '../security/public.ts';
import { checkFundPassword, recheckLoginPassword } from '../security/public.ts';

async function requireUser(deps: GatewayDeps, caller: Caller): Promise<UserRecord> {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw new Refusal('login_required');
  return user;
}

export const changePasswordCall = defineUserCall({
  path: 'user/changePassword',
  summary: 'Changes the login password; other sessions are signed out',
  input: changePasswordRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    if (input.password !== input.repassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    await recheckLoginPassword(deps, caller.userId, user.passwordHash, input.oldpassword);
    if (input.oldpassword === input.password) throw new Refusal('password_same_as_old');
    const passwordHash = await hashPassword(input.password);
    await endOtherSessions(
      deps,
      { userId: caller.userId, keepSessionId: caller.sessionId },
      (trx) => setPasswordHash(trx, caller.userId, passwordHash),
    );
    return { msg: 'modify_ok' };
  },
});

export const setFundPasswordCall = defineUserCall({
  path: 'user/setFundPassword',
  summary: 'Sets the six-digit fund password, confirmed with the login password',
  input: setFundPasswordRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    if (input.fundpassword !== input.refundpassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    const alreadySet = new Refusal('invalid_param', { fields: { fundpassword: 'already_set' } });
    if (user.fundPasswordHash) throw alreadySet;
    await recheckLoginPassword(deps, caller.userId, user.passwordHash, input.password);
    const fundHash = await hashPassword(input.fundpassword);
    // Only the first of parallel settings writes; the others say so instead of modify_ok.
    const set = await setFundPasswordHash(deps.db, caller.userId, fundHash, { onlyIfUnset: true });
    if (!set) throw alreadySet;
    return { msg: 'modify_ok' };
  },
});

export const changeFundPasswordCall = defineUserCall({
  path: 'user/changeFundPassword',
  summary:
    'Changes the fund password (and needs a TOTP code when TOTP is on); five wrong attempts lock it for 15 minutes',
  input: changeFundPasswordRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    if (input.fundpassword !== input.refundpassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    if (!user.fundPasswordHash) throw new Refusal('fund_password_not_set');
    await checkFundPassword(deps, caller.userId, user.fundPasswordHash, input.oldfundpassword);
    await verifyTotp(deps, caller.userId, input.otp);
    const fundHash = await hashPassword(input.fundpassword);
    await setFundPasswordHash(deps.db, caller.userId, fundHash, { onlyIfUnset: false });
    return { msg: 'modify_ok' };
  },
});

export const resetFundPasswordCall = defineUserCall({
  ...contractOf(authWiring.calls, 'user/resetFundPassword'),
  summary:
    'A forgotten fund password: the login password, a code (common/sendcode purpose=fund_reset) and the new one twice; the owner is told in the inbox',
  async handle({ input, caller, deps }) {
    if (input.fundpassword !== input.refundpassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    if (!user.fundPasswordHash) throw new Refusal('fund_password_not_set');
    await recheckLoginPassword(deps, caller.userId, user.passwordHash, input.password);
    const codeId = await verifyCode(deps, {
      account: user.account,
      purpose: 'fund_reset',
      code: input.code,
    });
    const fundHash = await hashPassword(input.fundpassword);
    const nowMs = deps.clock.nowMs();
    await writeTransaction(
      deps.db,
      async (trx) => {
        await markCodeConsumed(trx, codeId, nowMs);
        await setFundPasswordHash(trx, caller.userId, fundHash, { onlyIfUnset: false });
        await insertInboxMessage(trx, {
          userId: caller.userId,
          kind: 'fund_password_reset',
          params: { at: String(nowMs) },
          nowMs,
        });
        await deps.accountEvents.record(trx, caller.userId, 'message:created', {
          kind: 'fund_password_reset',
        });
      },
      { lockUser: caller.userId },
    );
    // The new fund password opens at once: the wrong tries that locked the old one are forgotten.
    await deps.limiters.fundSecrets.delete(`fund:${caller.userId}`);
    return { msg: 'modify_ok' };
  },
});

/** The user module (passwords)'s calls, in the order the central list shows them. */
export const PASSWORD_CALLS: readonly CallDefinition[] = [
  changePasswordCall,
  setFundPasswordCall,
  changeFundPasswordCall,
  resetFundPasswordCall,
];
