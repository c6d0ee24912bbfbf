import type { Db } from '@kabuto/schema/db';
import type { AdminCaller } from '../../http/call.ts';
import { hashToken, newToken } from '../auth/public.ts';

/** Back-office sessions are short: eight hours at most… */
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** …and end after 30 minutes without a call (OWASP ASVS 3.3.2 for high-value applications). */
export const ADMIN_IDLE_MS = 30 * 60 * 1000;
/** Use is written at most once a minute per session: a busy reviewer's calls do not each write. */
const SEEN_WRITE_EVERY_MS = 60 * 1000;

export async function createAdminSession(
  db: Db,
  adminId: number,
  nowMs: number,
  verified: boolean,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('admin_session')
    .values({
      admin_id: BigInt(adminId),
      token_hash: hashToken(token),
      created_at: nowMs,
      expires_at: nowMs + ADMIN_SESSION_TTL_MS,
      revoked_at: null,
      last_seen_at: nowMs,
      verified_at: verified ? nowMs : null,
    })
    .execute();
  return token;
}

/**
 * The live session of a token: not revoked, not past its eight hours, used within the idle time,
 * its staff member not disabled. Looking it up counts as use.
 */
export async function findActiveAdminSession(
  db: Db,
  token: string,
  nowMs: number,
): Promise<AdminCaller | undefined> {
  return liveSession(db, { tokenHash: hashToken(token) }, nowMs);
}

/**
 * The same, found by the session's id: the queue board follows the console session that opened
 * it, so signing out of the console (or idling, or being disabled) closes the board too.
 */
export async function findActiveAdminSessionById(
  db: Db,
  sessionId: number,
  nowMs: number,
): Promise<AdminCaller | undefined> {
  return liveSession(db, { sessionId }, nowMs);
}

async function liveSession(
  db: Db,
  by: { tokenHash: string } | { sessionId: number },
  nowMs: number,
): Promise<AdminCaller | undefined> {
  const row = await db
    .selectFrom('admin_session as s')
    .innerJoin('admin_user as a', 'a.id', 's.admin_id')
    .select(['s.id as session_id', 's.last_seen_at', 's.verified_at', 'a.id', 'a.login', 'a.role'])
    .where((eb) =>
      'tokenHash' in by
        ? eb('s.token_hash', '=', by.tokenHash)
        : eb('s.id', '=', BigInt(by.sessionId)),
    )
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', BigInt(nowMs))
    .where('a.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = Number(row.last_seen_at ?? 0n);
  if (nowMs - lastSeen >= ADMIN_IDLE_MS) return undefined;
  if (nowMs - lastSeen >= SEEN_WRITE_EVERY_MS) {
    await db
      .updateTable('admin_session')
      .set({ last_seen_at: nowMs })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    adminId: Number(row.id),
    login: row.login,
    role: row.role,
    sessionId: Number(row.session_id),
    verified: row.verified_at !== null,
  };
}

export async function markSessionVerified(db: Db, sessionId: number, nowMs: number) {
  await db
    .updateTable('admin_session')
    .set({ verified_at: nowMs })
    .where('id', '=', BigInt(sessionId))
    .execute();
}

/** Ends one session (logout) or every live session of a staff member (disabled, two-factor reset). */
export async function revokeAdminSessions(
  db: Db,
  which: { sessionId: number } | { adminId: number },
  nowMs: number,
): Promise<void> {
  let update = db
    .updateTable('admin_session')
    .set({ revoked_at: nowMs })
    .where('revoked_at', 'is', null);
  update =
    'sessionId' in which
      ? update.where('id', '=', BigInt(which.sessionId))
      : update.where('admin_id', '=', BigInt(which.adminId));
  await update.execute();
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

/** A staff member by login, with what signing in checks. */
export async function findAdminByLogin(db: Db, login: string) {
  const row = await db
    .selectFrom('admin_user')
    .select(['id', 'password_hash', 'totp_secret', 'totp_enabled_at', 'disabled_at'])
    .where('login', '=', login)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        passwordHash: row.password_hash,
        totpEnabled: row.totp_enabled_at !== null && row.totp_secret !== null,
        disabled: row.disabled_at !== null,
      }
    : undefined;
}
