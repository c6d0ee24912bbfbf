import { randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db.ts';

/** Inserts a user row directly (for ledger tests that need an owner); returns its id. */
export async function aUser(db: Db, overrides: { account?: string } = {}): Promise<number> {
  const suffix = randomBytes(4).toString('hex');
  const row = await db
    .insertInto('app_user')
    .values({
      account: overrides.account ?? `user-${suffix}@example.jp`,
      password_hash: 'not-a-real-hash',
      fund_password_hash: null,
      status: 'active',
      trading_barred: 0,
      inviter_code: 'KABUTO',
      invite_code: `T${suffix}`.toUpperCase(),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
