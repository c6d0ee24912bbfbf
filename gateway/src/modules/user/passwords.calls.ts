import {
  changeFundPasswordRequest,
  changePasswordRequest,
  Refusal,
  setFundPasswordRequest,
} from '@kabuto/schema/contracts';
import type { z } from 'zod';
import { defineCall, requireCaller } from '../../http/call.ts';
import { consumeOrRefuse, assertNotBlocked } from '../../infra/limiters.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { findUserById } from '../auth/users.repository.ts';
import { revokeOtherSessions } from '../auth/sessions.repository.ts';
import type { GatewayDeps } from '../../deps.ts';
import type { Caller } from '../../http/call.ts';

async function requireUser(deps: GatewayDeps, caller: Caller) {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw new Refusal('login_required');
  return user;
}

export const changePasswordCall = defineCall({
  path: 'user/changePassword',
  summary: 'Changes the login password; other sessions are signed out',
  input: changePasswordRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const input = context.input as z.infer<typeof changePasswordRequest>;
    const { deps } = context;
    if (input.password !== input.repassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    if (!(await verifyPassword(user.passwordHash, input.oldpassword))) throw new Refusal('wrong_original_password');
    if (input.oldpassword === input.password) throw new Refusal('password_same_as_old');
    const passwordHash = await hashPassword(input.password);
    await deps.db.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', BigInt(caller.userId)).execute();
    await revokeOtherSessions(deps.db, { userId: caller.userId, keepSessionId: caller.sessionId, nowMs: deps.clock.nowMs() });
    return { msg: 'modify_ok' };
  },
});

export const setFundPasswordCall = defineCall({
  path: 'user/setFundPassword',
  summary: 'Sets the six-digit fund password, confirmed with the login password',
  input: setFundPasswordRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const input = context.input as z.infer<typeof setFundPasswordRequest>;
    const { deps } = context;
    if (input.fundpassword !== input.refundpassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    if (user.fundPasswordHash) throw new Refusal('invalid_param', { fields: { fundpassword: 'already_set' } });
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new Refusal('wrong_original_password');
    const fundHash = await hashPassword(input.fundpassword);
    await deps.db
      .updateTable('app_user')
      .set({ fund_password_hash: fundHash })
      .where('id', '=', BigInt(caller.userId))
      .where('fund_password_hash', 'is', null)
      .execute();
    return { msg: 'modify_ok' };
  },
});

export const changeFundPasswordCall = defineCall({
  path: 'user/changeFundPassword',
  summary: 'Changes the fund password; five wrong attempts lock it for 15 minutes',
  input: changeFundPasswordRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const input = context.input as z.infer<typeof changeFundPasswordRequest>;
    const { deps } = context;
    if (input.fundpassword !== input.refundpassword) throw new Refusal('passwords_mismatch');
    const user = await requireUser(deps, caller);
    if (!user.fundPasswordHash) throw new Refusal('fund_password_not_set');
    const limiterKey = String(caller.userId);
    await assertNotBlocked(deps.limiters.fundPasswordFailures, limiterKey);
    if (!(await verifyPassword(user.fundPasswordHash, input.oldfundpassword))) {
      await consumeOrRefuse(deps.limiters.fundPasswordFailures, limiterKey).catch(() => undefined);
      throw new Refusal('wrong_fund_password');
    }
    await deps.limiters.fundPasswordFailures.delete(limiterKey);
    const fundHash = await hashPassword(input.fundpassword);
    await deps.db.updateTable('app_user').set({ fund_password_hash: fundHash }).where('id', '=', BigInt(caller.userId)).execute();
    return { msg: 'modify_ok' };
  },
});
