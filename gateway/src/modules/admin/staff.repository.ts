import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { containsText, dialectOf, type Db } from '@kabuto/schema/db';

export async function listStaff(db: Db) {
  const rows = await db
    .selectFrom('admin_user')
    .select(['id', 'login', 'role', 'totp_enabled_at', 'disabled_at', 'created_at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    login: r.login,
    role: r.role,
    totp_enabled: r.totp_enabled_at !== null,
    disabled: r.disabled_at !== null,
    created_at: Number(r.created_at),
  }));
}

export async function findStaff(db: Db, id: number) {
  return db
    .selectFrom('admin_user')
    .select(['id', 'login', 'role', 'disabled_at'])
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

/**
 * Administrators who can still sign in, other than `exceptId`. Inside the transaction that would
 * disable or demote one, after `lockAdministrators`: two administrators removing each other at
 * once are taken one after the other, and the second finds no other left.
 */
export async function otherActiveAdministrators(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('admin_user')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where('role', '=', 'administrator')
    .where('disabled_at', 'is', null)
    .where('id', '!=', BigInt(exceptId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The audit log, newest first, 50 a page; `q` matches the action, the subject or the login. */
export async function listAudit(db: Db, filter: { q?: string | undefined; beforeId?: number }) {
  let query = db
    .selectFrom('audit_log as l')
    .innerJoin('admin_user as a', 'a.id', 'l.admin_id')
    .select(['l.id', 'a.login', 'l.action', 'l.subject', 'l.detail', 'l.created_at'])
    .orderBy('l.id', 'desc')
    .limit(50);
  if (filter.beforeId !== undefined) query = query.where('l.id', '<', BigInt(filter.beforeId));
  if (filter.q) {
    const like = containsText(filter.q);
    // A user's account finds what staff did to that user (the log names users by id).
    const usersLike = db
      .selectFrom('app_user')
      .select(sql<string>`'user:' || cast(id as text)`.as('subject'))
      .where('account', 'like', like);
    query = query.where((eb) =>
      eb.or([
        eb('l.action', 'like', like),
        eb('l.subject', 'like', like),
        eb('a.login', 'like', like),
        eb('l.subject', 'in', usersLike),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: String(r.id),
    staff: r.login,
    action: r.action,
    subject: r.subject,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
    created_at: Number(r.created_at),
  }));
}

/** A staff member as the test fixture API adds one: a fresh login and password, no two-factor yet. */
export async function addTestStaff(
  db: Db,
  role: 'reviewer' | 'operator' | 'administrator',
  passwordHash: (plain: string) => Promise<string>,
  nowMs: number,
) {
  const login = `staff-${role}-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  await db
    .insertInto('admin_user')
    .values({ login, password_hash: await passwordHash(password), role, created_at: nowMs })
    .execute();
  return { login, password };
}

/** PostgreSQL: locks every administrator row for the transaction (SQLite's writer is alone). */
export async function lockAdministrators(trx: Db): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select id from admin_user where role = 'administrator' for update`.execute(trx);
}

/** Who added a staff member from the console (its `staff.create` audit line), if anyone did. */
export async function staffCreatorOf(db: Db, staffId: number): Promise<number | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('admin_id')
    .where('action', '=', 'staff.create')
    .where('subject', '=', `staff:${staffId}`)
    .executeTakeFirst();
  return row ? Number(row.admin_id) : null;
}
