import { adminLoginRequest, adminLoginResponse, Refusal } from '@kabuto/schema/contracts';
import { defineCall, type CallDefinition } from '../../http/call.ts';
import { checkWithLimits, loginLimits } from '../../infra/limiters.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/public.ts';
import { createAdminSession, findAdminByLogin } from './admin-sessions.repository.ts';

export const adminLoginCall = defineCall({
  path: 'login',
  summary: 'Back-office login; returns an admin token for the admin-token header',
  input: adminLoginRequest,
  output: adminLoginResponse,
  async handle({ input, ip, deps }) {
    const admin = await findAdminByLogin(deps.db, input.login);
    const ok = await checkWithLimits(
      loginLimits(deps.limiters, `admin:${input.login}`, ip),
      async () => {
        const matches = await verifyPassword(
          admin?.passwordHash ?? (await dummyPasswordHash()),
          input.password,
        );
        return matches && Boolean(admin);
      },
    );
    if (!admin || !ok) throw new Refusal('wrong_credentials');
    return {
      msg: 'login_ok',
      data: { token: await createAdminSession(deps.db, admin.id, deps.clock.nowMs()) },
    };
  },
});

/** The back-office auth's calls, in the order the central list shows them. */
export const BACK_OFFICE_AUTH_CALLS: readonly CallDefinition[] = [adminLoginCall];
