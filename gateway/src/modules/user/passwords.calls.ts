import {
  changeFundPasswordRequest,
  changePasswordRequest,
  Refusal,
  setFundPasswordRequest,
  noData,
} from '@kabuto/schema/contracts';
import { defineUserCall, type Caller } from '../../http/call.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserById, type UserRecord } from '../auth/users.repository.ts';
import { endOtherSessions } from '../auth/session-end.ts';
import type { GatewayDeps } from '../../deps.ts';
import { verifyTotp } from '../security/totp.service.ts';
import { checkFundPassword, recheckLoginPassword } from '../security/secret-checks.ts';

async function requireUser(deps: GatewayDeps, caller: Caller): Promise<UserRecord> {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw new Refusal('login_required');
  return user;
}

function setColumn(
  deps: GatewayDeps,
  caller: Caller,
  values: { password_hash: string } | { fund_password_hash: string },
) {
  return deps.db.updateTable('app_user').set(values).where('id', '=', BigInt(caller.userId));
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
      async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash })
          .where('id', '=', BigInt(caller.userId))
          .execute();
      },
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
    const set = await setColumn(deps, caller, { fund_password_hash: fundHash })
      .where('fund_password_hash', 'is', null)
      .executeTakeFirst();
    if (set.numUpdatedRows !== 1n) throw alreadySet;
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
    await setColumn(deps, caller, {
      fund_password_hash: await hashPassword(input.fundpassword),
    }).execute();
    return { msg: 'modify_ok' };
  },
});
