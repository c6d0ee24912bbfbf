import { Refusal } from '@kabuto/schema/contracts';
import { containsText, writeTransaction, type Db } from '@kabuto/schema/db';
import { formatScaled, isCurrency, scaleOf } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { revokeAllSessions } from './sessions.repository.ts';
import { audit } from '../admin/public.ts';
import { clearUserTotp, kycOf, loadUserSecurity, usersNamed } from '../kyc/public.ts';
import { statementRows, userWithTransferReference } from '../funds/public.ts';
import { cancelRestingOrders } from '../trading/public.ts';

type UserStatus = 'active' | 'banned' | 'frozen';

const userColumns = ['id', 'account', 'status', 'trading_barred', 'created_at'] as const;

function userRowOf(row: {
  id: bigint;
  account: string;
  status: string;
  trading_barred: bigint;
  created_at: bigint;
}) {
  return {
    id: String(row.id),
    account: row.account,
    status: row.status as UserStatus,
    trading_barred: row.trading_barred === 1n,
    created_at: Number(row.created_at),
  };
}

/** By account (a part of it), by verified name, or by a deposit's transfer reference: 50 at most. */
export async function searchUsers(db: Db, q: string) {
  const named = await usersNamed(db, q);
  const referenced = await userWithTransferReference(db, q);
  const ids = [...named, ...(referenced === undefined ? [] : [referenced])].map(BigInt);
  const rows = await db
    .selectFrom('app_user')
    .select(userColumns)
    .where((eb) =>
      eb.or([eb('account', 'like', containsText(q)), ...(ids.length ? [eb('id', 'in', ids)] : [])]),
    )
    .orderBy('id')
    .limit(50)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      ...userRowOf(row),
      name_kanji: (await kycOf(db, Number(row.id))).nameKanji,
    })),
  );
}

export async function userDetail(deps: GatewayDeps, id: number) {
  const row = await deps.db
    .selectFrom('app_user')
    .select(userColumns)
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!row) throw new Refusal('not_found');
  const nowMs = deps.clock.nowMs();
  const [kyc, security, sessions, accounts, statement] = await Promise.all([
    kycOf(deps.db, id),
    loadUserSecurity(deps.db, id),
    deps.db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .where('user_id', '=', BigInt(id))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', BigInt(nowMs))
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('ledger_account')
      .select(['kind', 'currency', 'balance'])
      .where('owner_key', '=', `u:${id}`)
      .orderBy('kind')
      .orderBy('currency')
      .execute(),
    statementRows(deps.db, id, { limit: 20 }),
  ]);
  return {
    ...userRowOf(row),
    totp_enabled: security.totpEnabled,
    live_sessions: Number(sessions.n),
    kyc: { state: kyc.state, name_kanji: kyc.nameKanji, name_kana: kyc.nameKana },
    balances: accounts.map((a) => ({
      kind: a.kind,
      currency: a.currency,
      amount: isCurrency(a.currency)
        ? formatScaled(a.balance, scaleOf(a.currency))
        : String(a.balance),
    })),
    statement: statement.map((row) => ({
      journal_id: row.journal_id,
      time: row.time,
      kind: row.kind,
      memo: row.memo,
      memo_params: row.memo_params ? { ...row.memo_params } : null,
      currency: row.currency,
      amount: row.amount,
      balance: row.balance,
    })),
  };
}

async function requireUser(db: Db, id: number): Promise<void> {
  const found = await db
    .selectFrom('app_user')
    .select('id')
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!found) throw new Refusal('not_found');
}

/**
 * Ban, freeze, reactivate, bar from trading or lift the bar, audited with the reason. A ban or a
 * freeze ends every session and socket of the account at once (the gateway refuses the account
 * everywhere after, account_frozen); a trading bar keeps the account signed in (it may look, not
 * trade).
 */
export async function setUserFlags(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: {
    id: number;
    status?: UserStatus | undefined;
    tradingBarred?: boolean | undefined;
    reason: string;
  },
): Promise<void> {
  await requireUser(deps.db, input.id);
  const nowMs = deps.clock.nowMs();
  const ended = await writeTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('app_user')
      .set({
        ...(input.status ? { status: input.status } : {}),
        ...(input.tradingBarred === undefined
          ? {}
          : { trading_barred: input.tradingBarred ? 1 : 0 }),
      })
      .where('id', '=', BigInt(input.id))
      .execute();
    await audit(trx, {
      adminId: admin.adminId,
      action: 'user.flags',
      subject: `user:${input.id}`,
      detail: {
        status: input.status ?? null,
        trading_barred: input.tradingBarred ?? null,
        reason: input.reason,
      },
      nowMs,
    });
    const endsSessions = input.status === 'banned' || input.status === 'frozen';
    return endsSessions ? revokeAllSessions(trx, input.id, nowMs) : [];
  });
  deps.accountEvents.endSessions(ended);
  // No order of an account stopped from trading fills after the decision: its resting orders go.
  if (input.status === 'banned' || input.status === 'frozen' || input.tradingBarred === true) {
    await cancelRestingOrders(deps, input.id, { type: 'admin', id: admin.adminId });
  }
}

/** Ends every session and socket of the user now (a stolen phone), audited with the reason. */
export async function endUserSessions(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: { id: number; reason: string },
): Promise<number> {
  await requireUser(deps.db, input.id);
  const nowMs = deps.clock.nowMs();
  const ended = await writeTransaction(deps.db, async (trx) => {
    const ids = await revokeAllSessions(trx, input.id, nowMs);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'user.end_sessions',
      subject: `user:${input.id}`,
      detail: { ended: ids.length, reason: input.reason },
      nowMs,
    });
    return ids;
  });
  deps.accountEvents.endSessions(ended);
  return ended.length;
}

/**
 * Turns the user's two-factor off and ends their sessions (they sign in again and may enrol anew),
 * audited with the reason.
 */
export async function resetUserTotp(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: { id: number; reason: string },
): Promise<void> {
  await requireUser(deps.db, input.id);
  const nowMs = deps.clock.nowMs();
  const ended = await writeTransaction(deps.db, async (trx) => {
    await clearUserTotp(trx, input.id);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'user.reset_totp',
      subject: `user:${input.id}`,
      detail: { reason: input.reason },
      nowMs,
    });
    return revokeAllSessions(trx, input.id, nowMs);
  });
  deps.accountEvents.endSessions(ended);
}
