import type { Request } from 'express';
import { Refusal, roleMay, type AdminPower } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../call.ts';

/**
 * Resolves the `admin-token` header to a back-office caller allowed to use `power`: no live
 * session is login_required (401); a session that has not passed its second factor may only use
 * its own (`self`) calls, totp_enrolment_required (403); a role without the power, role_forbidden
 * (403). Nothing of the call runs before this passes.
 */
export async function authenticateAdmin(
  req: Request,
  deps: GatewayDeps,
  power: AdminPower | undefined,
): Promise<AdminCaller> {
  const token = req.headers['admin-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) {
    throw new Refusal('login_required');
  }
  const admin = await deps.sessions.findActiveAdmin(token, deps.clock.nowMs());
  if (!admin) throw new Refusal('login_required');
  if (!power || !roleMay(admin.role, power)) throw new Refusal('role_forbidden');
  if (!admin.verified && power !== 'self') throw new Refusal('totp_enrolment_required');
  return admin;
}
