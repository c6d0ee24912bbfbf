import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { Refusal } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { checkWithLimits, userLimit } from '../../infra/limiters.ts';
import { loadUserSecurity } from '../kyc/public.ts';

/** RFC 6238 §5.2: accept the current step and one step back, never a future one. */
const PAST_TOLERANCE_S = 30;

/** `security/totp/setup`: a new secret (sealed at rest) and its otpauth URI as a QR image; not active until confirmed. */
export async function startTotpEnrolment(deps: GatewayDeps, userId: number, account: string) {
  const security = await loadUserSecurity(deps.db, userId);
  if (security.totpEnabled) {
    throw new Refusal('invalid_param', { fields: { otp: 'already_enabled' } });
  }
  const secret = generateSecret();
  await deps.db
    .updateTable('user_security')
    .set({ totp_secret: deps.secrets.seal(secret), totp_last_step: null })
    .where('user_id', '=', BigInt(userId))
    .execute();
  const uri = generateURI({ issuer: 'Kabuto', label: account, secret });
  return { otpauth_uri: uri, secret, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

type Security = Awaited<ReturnType<typeof loadUserSecurity>>;

/** True when the code matches a step not used before, and that step is now claimed. */
async function matchAndClaimStep(
  deps: GatewayDeps,
  userId: number,
  security: Security & { totpSecret: string },
  code: string | undefined,
  enrolling: boolean,
): Promise<boolean> {
  if (!code) return false;
  const last = security.totpLastStep === null ? undefined : Number(security.totpLastStep);
  const result = await verify({
    secret: deps.secrets.open(security.totpSecret),
    token: code,
    epoch: Math.floor(deps.clock.nowMs() / 1000),
    epochTolerance: [PAST_TOLERANCE_S, 0],
    ...(last === undefined ? {} : { afterTimeStep: last }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const step = BigInt(result.timeStep);
  const claimed = await deps.db
    .updateTable('user_security')
    .set({ totp_last_step: step, ...(enrolling ? { totp_enabled_at: deps.clock.nowMs() } : {}) })
    .where('user_id', '=', BigInt(userId))
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

/**
 * Checks a code against the user's secret: a small past-only window, each time step usable once
 * (the last accepted step is stored with a conditional update, so two requests cannot both use
 * it). Each try spends an attempt first (5 per 15 minutes per user; decision 36).
 */
export async function verifyTotp(
  deps: GatewayDeps,
  userId: number,
  code: string | undefined,
  options: { enrolling?: boolean } = {},
): Promise<void> {
  const security = await loadUserSecurity(deps.db, userId);
  const { totpSecret } = security;
  // Enabling needs a setup not yet confirmed: answering modify_ok with nothing set up would tell
  // the user two-factor is on while it is off.
  if (options.enrolling && (!totpSecret || security.totpEnabled)) {
    throw new Refusal('totp_setup_required');
  }
  if (!totpSecret || (!security.totpEnabled && !options.enrolling)) return;
  const ok = await checkWithLimits(userLimit(deps.limiters.fundSecrets, `otp:${userId}`), () =>
    matchAndClaimStep(deps, userId, { ...security, totpSecret }, code, options.enrolling ?? false),
  );
  if (!ok) throw new Refusal('otp_invalid');
}
