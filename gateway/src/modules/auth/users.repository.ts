import type { AccountStatus } from '@kabuto/schema/domain';
import type { Db } from '@kabuto/schema/db';

export interface UserRecord {
  readonly id: number;
  readonly account: string;
  readonly passwordHash: string;
  readonly fundPasswordHash: string | null;
  readonly status: AccountStatus;
  readonly tradingBarred: boolean;
  readonly inviteCode: string;
}

const COLUMNS = [
  'id',
  'account',
  'password_hash',
  'fund_password_hash',
  'status',
  'trading_barred',
  'invite_code',
] as const;

function toRecord(row: {
  id: bigint;
  account: string;
  password_hash: string;
  fund_password_hash: string | null;
  status: string;
  trading_barred: bigint;
  invite_code: string;
}): UserRecord {
  return {
    id: Number(row.id),
    account: row.account,
    passwordHash: row.password_hash,
    fundPasswordHash: row.fund_password_hash,
    status: row.status as AccountStatus,
    tradingBarred: row.trading_barred === 1n,
    inviteCode: row.invite_code,
  };
}

export async function findUserByAccount(db: Db, account: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select(COLUMNS)
    .where('account', '=', account)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserById(db: Db, userId: number): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select(COLUMNS)
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findActiveInvitation(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitation_code')
    .select('code')
    .where('code', '=', code.toUpperCase())
    .where('active', '=', 1n)
    .executeTakeFirst();
  return Boolean(row);
}

/** Sets the user's login password hash (inside the caller's transaction when given one). */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash })
    .where('id', '=', BigInt(userId))
    .execute();
}

/**
 * Sets the user's fund password hash. `onlyIfUnset` makes it a first-set: of parallel settings
 * only one writes. Returns whether the row was written.
 */
export async function setFundPasswordHash(
  db: Db,
  userId: number,
  fundPasswordHash: string,
  options: { onlyIfUnset: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('app_user')
    .set({ fund_password_hash: fundPasswordHash })
    .where('id', '=', BigInt(userId));
  if (options.onlyIfUnset) query = query.where('fund_password_hash', 'is', null);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
