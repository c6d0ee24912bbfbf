import type { Request } from 'express';
import { Refusal } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../call.ts';

/** Resolves the `admin-token` header to a back-office caller; anything else is login_required (401). */
export async function authenticateAdmin(req: Request, deps: GatewayDeps): Promise<AdminCaller> {
  const token = req.headers['admin-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) {
    throw new Refusal('login_required');
  }
  const admin = await deps.sessions.findActiveAdmin(token, deps.clock.nowMs());
  if (!admin) throw new Refusal('login_required');
  return admin;
}
