import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { Refusal } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../deps.ts';
import { assertNotBlocked, recordFailure } from '../../infra/limiters.ts';
import { loadUserSecurity } from '../kyc/user-security.repository.ts';

/** RFC 6238 §5.2: accept the current step and one step back, never a future one. */
const PAST_TOLERANCE_S = 30;

/** `security/totp/setup`: a new secret (sealed at rest) and its otpauth URI as a QR image; not active until confirmed. */
export async function startTotpEnrolment(deps: GatewayDeps, userId: number, account: string) {
  const security = await loadUserSecurity(deps.db, userId);
  if (security.totpEnabled) throw new Refusal('invalid_param', { fields: { otp: 'already_enabled' } });
  const secret = generateSecret();
  await deps.db.updateTable('user_security').set({ totp_secret: deps.secrets.seal(secret), totp_last_step: null }).where('user_id', '=', BigInt(userId)).execute();
  const uri = generateURI({ issuer: 'Kabuto', label: account, secret });
  return { otpauth_uri: uri, secret, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * Checks a code against the user's secret: a small past-only window, each time step usable once
 * (the last accepted step is stored with a conditional update, so two requests cannot both use
 * it), and failures counted with the fund-password limiter (5 per 15 minutes).
 */
export async function verifyTotp(deps: GatewayDeps, userId: number, code: string | undefined, options: { enrolling?: boolean } = {}): Promise<void> {
  const security = await loadUserSecurity(deps.db, userId);
  if (!security.totpSecret || (!security.totpEnabled && !options.enrolling)) return;
  const limiterKey = `otp:${userId}`;
  await assertNotBlocked(deps.limiters.fundPasswordFailures, limiterKey);
  const last = security.totpLastStep === null ? undefined : Number(security.totpLastStep);
  const result = code
    ? await verify({ secret: deps.secrets.open(security.totpSecret), token: code, epoch: Math.floor(deps.clock.nowMs() / 1000), epochTolerance: [PAST_TOLERANCE_S, 0], ...(last === undefined ? {} : { afterTimeStep: last }) }).catch(() => ({ valid: false as const }))
    : { valid: false as const };
  if (!result.valid) {
    await recordFailure(deps.limiters.fundPasswordFailures, limiterKey);
    throw new Refusal('otp_invalid');
  }
  if (!('timeStep' in result)) throw new Refusal('otp_invalid');
  const step = BigInt(result.timeStep);
  const claimed = await deps.db
    .updateTable('user_security')
    .set({ totp_last_step: step, ...(options.enrolling ? { totp_enabled_at: deps.clock.nowMs() } : {}) })
    .where('user_id', '=', BigInt(userId))
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) throw new Refusal('otp_invalid');
}
