import { randomBytes } from 'node:crypto';
import { Refusal, type RegisterRequest } from '@kabuto/schema/contracts';
import { writeTransaction, isUniqueViolation } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { markCodeConsumed, verifyCode } from '../common/public.ts';
import { hashPassword } from './passwords.ts';
import { findActiveInvitation, findUserByAccount } from './users.repository.ts';

function newInviteCode(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

/** Creates the user and their own invitation code and spends the verification code, in one transaction. */
export async function registerUser(
  deps: GatewayDeps,
  input: RegisterRequest & { account: string },
): Promise<number> {
  const invite = input.invite.toUpperCase();
  if (!(await findActiveInvitation(deps.db, invite))) throw new Refusal('inviter_not_found');
  const nowMs = deps.clock.nowMs();
  // The code first: whether an account exists is not told to a caller without one (sendcode tells it, limited).
  const codeId = await verifyCode(deps, {
    account: input.account,
    purpose: 'register',
    code: input.code,
  });
  if (await findUserByAccount(deps.db, input.account)) throw new Refusal('account_exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await writeTransaction(deps.db, async (trx) => {
      await markCodeConsumed(trx, codeId, nowMs);
      const ownCode = newInviteCode();
      const row = await trx
        .insertInto('app_user')
        .values({
          account: input.account,
          password_hash: passwordHash,
          fund_password_hash: null,
          status: 'active',
          trading_barred: 0,
          inviter_code: invite,
          invite_code: ownCode,
          created_at: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('invitation_code')
        .values({ code: ownCode, owner_user_id: row.id, active: 1, created_at: nowMs })
        .execute();
      return Number(row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('account_exists');
    throw error;
  }
}
