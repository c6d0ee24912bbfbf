import type { Request } from 'express';
import { Refusal } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../call.ts';

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
}

/**
 * Resolves `token` + `account` headers to a caller. Missing, expired, revoked or mismatched
 * sessions refuse with login_required (401); banned and frozen accounts with account_frozen (403).
 */
export async function authenticate(req: Request, deps: GatewayDeps): Promise<Caller> {
  const token = header(req, 'token');
  const account = header(req, 'account');
  if (!token || !account) throw new Refusal('login_required');
  const session = await deps.sessions.findActive(token, deps.clock.nowMs());
  if (!session || session.account !== account) throw new Refusal('login_required');
  if (session.status !== 'active') throw new Refusal('account_frozen');
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    account: session.account,
    tradingBarred: session.tradingBarred,
  };
}
