import {
  loginRequest,
  Refusal,
  registerRequest,
  revokeSessionRequest,
  emptyRequest,
  loginResponse,
  noData,
  sessionListResponse,
} from '@kabuto/schema/contracts';
import { isValidLoginId, normaliseLoginId } from '@kabuto/schema/domain';
import { authWiring } from '@kabuto/schema/modules/auth/wiring.ts';
import { contractOf, defineCall, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { resetLoginPassword } from './password-reset.service.ts';
import { checkWithLimits, loginLimits } from '../../infra/limiters.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { findUserByAccount, findUserById } from './users.repository.ts';
import { writeTransaction } from '@kabuto/schema/db';
import { createSession, listSessions } from './sessions.repository.ts';
import { endOwnSession } from './session-end.ts';
import { registerUser } from './register.service.ts';

export const registerCall = defineCall({
  path: 'user/register',
  summary: 'Registers with an invitation code and a verification code',
  input: registerRequest,
  output: noData,
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
  output: loginResponse,
  async handle({ input, deps, ip, userAgent }) {
    const account = normaliseLoginId(input.account);
    const user = await findUserByAccount(deps.db, account);
    // An unknown account costs the same hash check as a known one (no timing hint).
    const passwordOk = await checkWithLimits(loginLimits(deps.limiters, account, ip), async () => {
      const matches = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      return matches && Boolean(user);
    });
    if (!user || !passwordOk) throw new Refusal('wrong_credentials');
    if (user.status !== 'active') throw new Refusal('account_frozen');
    // Under the user's lock: a freeze, ban or password change (a reset) that committed during the
    // password check is seen here, and one that comes after waits for this session and ends it
    // with the others. A password replaced meanwhile makes the one checked a wrong one.
    const session = await writeTransaction(
      deps.db,
      async (trx) => {
        const now = await findUserById(trx, user.id);
        if (now?.passwordHash !== user.passwordHash) throw new Refusal('wrong_credentials');
        if (now.status !== 'active') throw new Refusal('account_frozen');
        return createSession(trx, { userId: user.id, nowMs: deps.clock.nowMs(), userAgent, ip });
      },
      { lockUser: user.id },
    );
    return { msg: 'login_ok', data: { token: session.token, account: user.account } };
  },
});

export const resetPasswordCall = defineCall({
  ...contractOf(authWiring.calls, 'user/resetPassword'),
  summary:
    'A forgotten login password: the reset code (common/sendcode purpose=reset) and the new password twice; every session ends',
  async handle({ input, deps, ip }) {
    await resetLoginPassword(deps, { ...input, ip });
    return { msg: 'modify_ok' };
  },
});

export const logoutCall = defineUserCall({
  path: 'user/logout',
  summary: 'Ends the current session',
  input: emptyRequest,
  output: noData,
  async handle({ caller, deps }) {
    await endOwnSession(deps, { userId: caller.userId, sessionId: caller.sessionId });
    return { msg: 'logout_ok' };
  },
});

export const sessionsCall = defineUserCall({
  path: 'user/sessions',
  summary: 'Lists the active sessions of the caller',
  input: emptyRequest,
  output: sessionListResponse,
  async handle({ caller, deps }) {
    const rows = await listSessions(deps.db, caller.userId, deps.clock.nowMs());
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

export const revokeSessionCall = defineUserCall({
  path: 'user/revokeSession',
  summary: 'Revokes one of the caller’s sessions',
  input: revokeSessionRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    if (!(await endOwnSession(deps, { userId: caller.userId, sessionId: input.id }))) {
      throw new Refusal('not_found');
    }
    return { msg: 'revoke_ok' };
  },
});

/** The auth module's calls, in the order the central list shows them. */
export const AUTH_CALLS: readonly CallDefinition[] = [
  registerCall,
  loginCall,
  resetPasswordCall,
  logoutCall,
  sessionsCall,
  revokeSessionCall,
];
