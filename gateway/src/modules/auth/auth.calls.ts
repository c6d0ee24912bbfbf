import { z } from 'zod';
import { loginRequest, Refusal, registerRequest, revokeSessionRequest } from '@kabuto/schema/contracts';
import { isValidLoginId, normaliseLoginId } from '@kabuto/schema/domain';
import { defineCall, requireCaller } from '../../http/call.ts';
import { assertNotBlocked, recordFailure } from '../../infra/limiters.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { findUserByAccount } from './users.repository.ts';
import { createSession, listSessions, revokeSession } from './sessions.repository.ts';
import { registerUser } from './register.service.ts';

export const registerCall = defineCall({
  path: 'user/register',
  summary: 'Registers with an invitation code and a verification code',
  input: registerRequest,
  auth: 'none',
  async handle({ input, deps }) {
    if (input.agree !== '1') throw new Refusal('agreement_required');
    if (input.password !== input.repassword) throw new Refusal('passwords_mismatch');
    const account = normaliseLoginId(input.account);
    if (!isValidLoginId(account)) throw new Refusal('invalid_account');
    await registerUser(deps, { ...input, account });
    return { msg: 'register_ok' };
  },
});

export const loginCall = defineCall({
  path: 'user/login',
  summary: 'Logs in; returns a session token',
  input: loginRequest,
  auth: 'none',
  async handle({ input, deps, ip, userAgent }) {
    const account = normaliseLoginId(input.account);
    const accountIpKey = `${account}|${ip}`;
    await assertNotBlocked(deps.limiters.loginFailuresByIp, ip);
    await assertNotBlocked(deps.limiters.loginFailuresByAccountIp, accountIpKey);
    const user = await findUserByAccount(deps.db, account);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !passwordOk) {
      await recordFailure(deps.limiters.loginFailuresByAccountIp, accountIpKey);
      await recordFailure(deps.limiters.loginFailuresByIp, ip);
      throw new Refusal('wrong_credentials');
    }
    if (user.status !== 'active') throw new Refusal('account_frozen');
    await deps.limiters.loginFailuresByAccountIp.delete(accountIpKey);
    const session = await createSession(deps.db, { userId: user.id, nowMs: deps.clock.nowMs(), userAgent, ip });
    return { msg: 'login_ok', data: { token: session.token, account: user.account } };
  },
});

export const logoutCall = defineCall({
  path: 'user/logout',
  summary: 'Ends the current session',
  input: z.strictObject({}),
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    await revokeSession(context.deps.db, { userId: caller.userId, sessionId: caller.sessionId, nowMs: context.deps.clock.nowMs() });
    context.deps.accountEvents.endSession(caller.sessionId);
    return { msg: 'logout_ok' };
  },
});

export const sessionsCall = defineCall({
  path: 'user/sessions',
  summary: 'Lists the active sessions of the caller',
  input: z.strictObject({}),
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const rows = await listSessions(context.deps.db, caller.userId, context.deps.clock.nowMs());
    return {
      msg: 'ok',
      data: rows.map((row) => ({
        id: Number(row.id),
        created_at: Number(row.created_at),
        last_seen_at: Number(row.last_seen_at),
        expires_at: Number(row.expires_at),
        user_agent: row.user_agent,
        ip: row.ip,
        current: Number(row.id) === caller.sessionId,
      })),
    };
  },
});

export const revokeSessionCall = defineCall({
  path: 'user/revokeSession',
  summary: 'Revokes one of the caller’s sessions',
  input: revokeSessionRequest,
  auth: 'user',
  async handle(context) {
    const caller = requireCaller(context);
    const { id } = context.input as { id: number };
    const revoked = await revokeSession(context.deps.db, { userId: caller.userId, sessionId: id, nowMs: context.deps.clock.nowMs() });
    if (!revoked) throw new Refusal('not_found');
    context.deps.accountEvents.endSession(id);
    return { msg: 'revoke_ok' };
  },
});
