import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { Refusal } from '@kabuto/schema/contracts';
import { writeTransaction, type Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { checkWithLimits, userLimit } from '../../infra/limiters.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit, markSessionVerified } from './admin-sessions.repository.ts';

/** RFC 6238 §5.2: the current step and one step back, never a future one. */
const PAST_TOLERANCE_S = 30;
const RECOVERY_CODES = 10;

const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

/** xxxx-xxxx-xxxx in base 36: 62 bits each, so a plain hash is enough at rest. */
function newRecoveryCode(): string {
  const digits = [...randomBytes(12)].map((b) => (b % 36).toString(36)).join('');
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`;
}

async function staffSecurity(db: Db, adminId: number) {
  const row = await db
    .selectFrom('admin_user')
    .select(['login', 'totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', BigInt(adminId))
    .executeTakeFirstOrThrow();
  return {
    login: row.login,
    secret: row.totp_secret,
    enabled: row.totp_enabled_at !== null,
    lastStep: row.totp_last_step,
  };
}

/** `totp/setup`: a new seed (sealed at rest) and its QR code; nothing is on until it is confirmed. */
export async function startStaffTotp(deps: GatewayDeps, admin: AdminCaller) {
  const security = await staffSecurity(deps.db, admin.adminId);
  if (security.enabled) throw new Refusal('totp_setup_required');
  const secret = generateSecret();
  await deps.db
    .updateTable('admin_user')
    .set({ totp_secret: deps.secrets.seal(secret), totp_last_step: null })
    .where('id', '=', BigInt(admin.adminId))
    .where('totp_enabled_at', 'is', null)
    .execute();
  const uri = generateURI({ issuer: 'Kabuto back office', label: security.login, secret });
  return { otpauth_uri: uri, secret, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** True when the code matches a step not used before; that step is then claimed (used once). */
async function claimTotpStep(
  deps: GatewayDeps,
  adminId: number,
  sealed: string,
  lastStep: bigint | null,
  code: string,
): Promise<boolean> {
  const result = await verify({
    secret: deps.secrets.open(sealed),
    token: code,
    epoch: Math.floor(deps.clock.nowMs() / 1000),
    epochTolerance: [PAST_TOLERANCE_S, 0],
    ...(lastStep === null ? {} : { afterTimeStep: Number(lastStep) }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const step = BigInt(result.timeStep);
  const claimed = await deps.db
    .updateTable('admin_user')
    .set({ totp_last_step: step })
    .where('id', '=', BigInt(adminId))
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

async function useRecoveryCode(deps: GatewayDeps, adminId: number, code: string) {
  const used = await deps.db
    .updateTable('staff_recovery_code')
    .set({ used_at: deps.clock.nowMs() })
    .where('admin_id', '=', BigInt(adminId))
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

/**
 * The second factor at sign-in: the authenticator's code (each step once) or one unused recovery
 * code. Each try spends an attempt first (5 per 15 minutes per staff member, as the users' TOTP).
 */
export async function checkStaffSecondFactor(
  deps: GatewayDeps,
  adminId: number,
  otp: string,
): Promise<boolean> {
  const security = await staffSecurity(deps.db, adminId);
  const sealed = security.secret;
  if (!sealed) return false;
  return checkWithLimits(userLimit(deps.limiters.fundSecrets, `staff-otp:${adminId}`), () =>
    /^\d{6}$/.test(otp)
      ? claimTotpStep(deps, adminId, sealed, security.lastStep, otp)
      : useRecoveryCode(deps, adminId, otp),
  );
}

/**
 * `totp/enable`: confirms the set-up seed with a code; two-factor is on, this session has passed
 * it, and ten recovery codes are made (shown once; a new set replaces the old).
 */
export async function enableStaffTotp(deps: GatewayDeps, admin: AdminCaller, otp: string) {
  const security = await staffSecurity(deps.db, admin.adminId);
  const sealed = security.secret;
  if (!sealed || security.enabled) throw new Refusal('totp_setup_required');
  const ok = await checkWithLimits(
    userLimit(deps.limiters.fundSecrets, `staff-otp:${admin.adminId}`),
    () => claimTotpStep(deps, admin.adminId, sealed, security.lastStep, otp),
  );
  if (!ok) throw new Refusal('otp_invalid');
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const nowMs = deps.clock.nowMs();
  await writeTransaction(deps.db, async (trx) => {
    // Once, and only for the seed the code was checked against: a second enrolment-only session
    // racing this one (or a new setup in between) finds nothing to turn on.
    const turnedOn = await trx
      .updateTable('admin_user')
      .set({ totp_enabled_at: nowMs })
      .where('id', '=', BigInt(admin.adminId))
      .where('totp_enabled_at', 'is', null)
      .where('totp_secret', '=', sealed)
      .executeTakeFirst();
    if (turnedOn.numUpdatedRows !== 1n) throw new Refusal('totp_setup_required');
    // Other sessions that could only enrol end: they were opened with the password alone.
    await trx
      .updateTable('admin_session')
      .set({ revoked_at: nowMs })
      .where('admin_id', '=', BigInt(admin.adminId))
      .where('verified_at', 'is', null)
      .where('id', '!=', BigInt(admin.sessionId))
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .deleteFrom('staff_recovery_code')
      .where('admin_id', '=', BigInt(admin.adminId))
      .execute();
    await trx
      .insertInto('staff_recovery_code')
      .values(
        codes.map((code) => ({
          admin_id: BigInt(admin.adminId),
          code_hash: hashCode(code),
          used_at: null,
          created_at: nowMs,
        })),
      )
      .execute();
    await markSessionVerified(trx, admin.sessionId, nowMs);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'staff.totp_enabled',
      subject: `staff:${admin.adminId}`,
      detail: {},
      nowMs,
    });
  });
  return { recovery_codes: codes };
}
