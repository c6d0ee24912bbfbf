import type { Db } from '@kabuto/schema/db';
import type { AdminCaller } from '../../http/call.ts';
import { hashToken, newToken } from '../auth/public.ts';

/** Back-office sessions are short: eight hours. */
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export async function createAdminSession(db: Db, adminId: number, nowMs: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('admin_session')
    .values({
      admin_id: BigInt(adminId),
      token_hash: hashToken(token),
      created_at: nowMs,
      expires_at: nowMs + ADMIN_SESSION_TTL_MS,
      revoked_at: null,
    })
    .execute();
  return token;
}

export async function findActiveAdminSession(
  db: Db,
  token: string,
  nowMs: number,
): Promise<AdminCaller | undefined> {
  const row = await db
    .selectFrom('admin_session as s')
    .innerJoin('admin_user as a', 'a.id', 's.admin_id')
    .select(['a.id', 'a.login', 'a.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', BigInt(nowMs))
    .executeTakeFirst();
  return row ? { adminId: Number(row.id), login: row.login, role: row.role } : undefined;
}

/** Appends one line to the audit log (inside the decision's transaction: both or neither). */
export async function audit(
  trx: Db,
  entry: {
    adminId: number;
    action: string;
    subject: string;
    detail: Record<string, unknown>;
    nowMs: number;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      admin_id: BigInt(entry.adminId),
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail),
      created_at: entry.nowMs,
    })
    .execute();
}

/** A back-office user by login, with the password hash to check. */
export async function findAdminByLogin(
  db: Db,
  login: string,
): Promise<{ id: number; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('admin_user')
    .select(['id', 'password_hash'])
    .where('login', '=', login)
    .executeTakeFirst();
  return row ? { id: Number(row.id), passwordHash: row.password_hash } : undefined;
}
