import { backofficeWiring } from '@kabuto/schema/modules/backoffice/wiring.ts';
import { Refusal, ROLE_POWERS, isStaffRole } from '@kabuto/schema/contracts';
import { contractOf, defineAdminCall, defineCall, type CallDefinition } from '../../http/call.ts';
import { checkWithLimits, loginLimits } from '../../infra/limiters.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/public.ts';
import {
  ADMIN_IDLE_MS,
  audit,
  createAdminSession,
  findAdminByLogin,
  revokeAdminSessions,
} from './admin-sessions.repository.ts';
import { checkStaffSecondFactor, enableStaffTotp, startStaffTotp } from './staff-totp.service.ts';

const calls = backofficeWiring.adminCalls;

/**
 * Staff sign-in: the password (under the login limits), then the second factor. A staff member
 * with two-factor on must send the authenticator's code or a recovery code (`totp_required`
 * without one); one without it gets a session that may only enrol it.
 */
export const adminLoginCall = defineCall({
  ...contractOf(calls, 'login'),
  summary: 'Back-office login (password, then the second factor); returns the admin-token',
  async handle({ input, ip, deps }) {
    const admin = await findAdminByLogin(deps.db, input.login);
    const ok = await checkWithLimits(
      loginLimits(deps.limiters, `admin:${input.login}`, ip),
      async () => {
        const matches = await verifyPassword(
          admin?.passwordHash ?? (await dummyPasswordHash()),
          input.password,
        );
        return matches && Boolean(admin) && !admin?.disabled;
      },
    );
    if (!admin || !ok) throw new Refusal('wrong_credentials');
    const nowMs = deps.clock.nowMs();
    // Every sign-in past the password is in the audit log: how it went and with which factor.
    const signIn = (action: string, factor: string) =>
      audit(deps.db, {
        adminId: admin.id,
        action,
        subject: `staff:${admin.id}`,
        detail: { factor, ip },
        nowMs,
      });
    if (!admin.totpEnabled) {
      const token = await createAdminSession(deps.db, admin.id, nowMs, false);
      await signIn('staff.sign_in', 'enrolment');
      return { msg: 'login_ok', data: { token, second_factor: 'enrol' as const } };
    }
    if (!input.otp) throw new Refusal('totp_required');
    const factor = /^\d{6}$/.test(input.otp) ? 'totp' : 'recovery_code';
    if (!(await checkStaffSecondFactor(deps, admin.id, input.otp))) {
      await signIn('staff.sign_in_refused', factor);
      throw new Refusal('otp_invalid');
    }
    const token = await createAdminSession(deps.db, admin.id, nowMs, true);
    await signIn('staff.sign_in', factor);
    return { msg: 'login_ok', data: { token, second_factor: 'passed' as const } };
  },
});

export const adminLogoutCall = defineAdminCall({
  ...contractOf(calls, 'logout'),
  power: 'self',
  summary: 'Ends this back-office session at once',
  async handle({ admin, deps }) {
    await revokeAdminSessions(deps.db, { sessionId: admin.sessionId }, deps.clock.nowMs());
    return { msg: 'logout_ok' };
  },
});

export const adminMeCall = defineAdminCall({
  ...contractOf(calls, 'me'),
  power: 'self',
  summary: 'Who is signed in: login, role and what the role may do',
  async handle({ admin }) {
    const role = isStaffRole(admin.role) ? admin.role : 'reviewer';
    return {
      msg: 'ok',
      data: {
        login: admin.login,
        role,
        powers: [...ROLE_POWERS[role]],
        totp_enabled: admin.verified,
        second_factor: admin.verified ? ('passed' as const) : ('enrol' as const),
        idle_minutes: ADMIN_IDLE_MS / 60_000,
      },
    };
  },
});

export const adminTotpSetupCall = defineAdminCall({
  ...contractOf(calls, 'totp/setup'),
  power: 'self',
  summary: 'Starts two-factor enrolment: a new seed and its QR code (off until confirmed)',
  async handle({ admin, deps }) {
    return { msg: 'ok', data: await startStaffTotp(deps, admin) };
  },
});

export const adminTotpEnableCall = defineAdminCall({
  ...contractOf(calls, 'totp/enable'),
  power: 'self',
  summary: 'Confirms two-factor with a code; answers ten recovery codes, shown once',
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await enableStaffTotp(deps, admin, input.otp) };
  },
});

/** The back office's own sign-in calls, in the order the central list shows them. */
export const BACK_OFFICE_AUTH_CALLS: readonly CallDefinition[] = [
  adminLoginCall,
  adminLogoutCall,
  adminMeCall,
  adminTotpSetupCall,
  adminTotpEnableCall,
];
