import { backofficeWiring } from '@kabuto/schema/modules/backoffice/wiring.ts';
import { Refusal } from '@kabuto/schema/contracts';
import { isUniqueViolation, writeTransaction } from '@kabuto/schema/db';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { hashPassword } from '../auth/public.ts';
import { audit, revokeAdminSessions } from './admin-sessions.repository.ts';
import {
  findStaff,
  listAudit,
  listStaff,
  lockAdministrators,
  otherActiveAdministrators,
} from './staff.repository.ts';

const calls = backofficeWiring.adminCalls;

export const staffListCall = defineAdminCall({
  ...contractOf(calls, 'staff/list'),
  power: 'staff',
  summary: 'Every staff member, with role, two-factor and whether disabled',
  async handle({ deps }) {
    return { msg: 'ok', data: await listStaff(deps.db) };
  },
});

export const staffCreateCall = defineAdminCall({
  ...contractOf(calls, 'staff/create'),
  power: 'staff',
  summary: 'Adds a staff member (who enrols two-factor at first sign-in)',
  async handle({ input, admin, deps }) {
    const passwordHash = await hashPassword(input.password);
    const nowMs = deps.clock.nowMs();
    const id = await writeTransaction(deps.db, async (trx) => {
      const row = await trx
        .insertInto('admin_user')
        .values({
          login: input.login,
          password_hash: passwordHash,
          role: input.role,
          created_at: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        adminId: admin.adminId,
        action: 'staff.create',
        subject: `staff:${row.id}`,
        detail: { login: input.login, role: input.role },
        nowMs,
      });
      return row.id;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Refusal('staff_exists');
      throw error;
    });
    return { msg: 'add_ok', data: { id: String(id) } };
  },
});

export const staffUpdateCall = defineAdminCall({
  ...contractOf(calls, 'staff/update'),
  power: 'staff',
  summary: 'Changes a staff member’s role or disables them (their sessions end at once)',
  async handle({ input, admin, deps }) {
    const id = Number(input.id);
    const staff = await findStaff(deps.db, id);
    if (!staff) throw new Refusal('not_found');
    const disabling = input.disabled === '1';
    const losesAdministrator =
      staff.role === 'administrator' &&
      (disabling || (input.role !== undefined && input.role !== 'administrator'));
    const nowMs = deps.clock.nowMs();
    await writeTransaction(deps.db, async (trx) => {
      if (losesAdministrator) {
        await lockAdministrators(trx);
        if ((await otherActiveAdministrators(trx, id)) === 0) {
          throw new Refusal('staff_last_administrator');
        }
      }
      await trx
        .updateTable('admin_user')
        .set({
          ...(input.role ? { role: input.role } : {}),
          ...(input.disabled === undefined ? {} : { disabled_at: disabling ? nowMs : null }),
        })
        .where('id', '=', BigInt(id))
        .execute();
      if (disabling) await revokeAdminSessions(trx, { adminId: id }, nowMs);
      await audit(trx, {
        adminId: admin.adminId,
        action: 'staff.update',
        subject: `staff:${id}`,
        detail: { role: input.role ?? null, disabled: input.disabled ?? null },
        nowMs,
      });
    });
    return { msg: 'modify_ok' };
  },
});

export const staffResetTotpCall = defineAdminCall({
  ...contractOf(calls, 'staff/reset-totp'),
  power: 'staff',
  summary: 'Turns a staff member’s two-factor off (lost phone): they enrol again at next sign-in',
  async handle({ input, admin, deps }) {
    const id = Number(input.id);
    if (!(await findStaff(deps.db, id))) throw new Refusal('not_found');
    const nowMs = deps.clock.nowMs();
    await writeTransaction(deps.db, async (trx) => {
      await trx
        .updateTable('admin_user')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', BigInt(id))
        .execute();
      await trx.deleteFrom('staff_recovery_code').where('admin_id', '=', BigInt(id)).execute();
      await revokeAdminSessions(trx, { adminId: id }, nowMs);
      await audit(trx, {
        adminId: admin.adminId,
        action: 'staff.reset_totp',
        subject: `staff:${id}`,
        detail: {},
        nowMs,
      });
    });
    return { msg: 'modify_ok' };
  },
});

export const auditListCall = defineAdminCall({
  ...contractOf(calls, 'audit/list'),
  power: 'staff',
  summary: 'The append-only audit log, newest first, searchable',
  async handle({ input, deps }) {
    const beforeId = input.before_id === undefined ? undefined : Number(input.before_id);
    return {
      msg: 'ok',
      data: await listAudit(deps.db, { q: input.q, ...(beforeId ? { beforeId } : {}) }),
    };
  },
});

/** Staff management and the audit log, in the order the central list shows them. */
export const STAFF_CALLS: readonly CallDefinition[] = [
  staffListCall,
  staffCreateCall,
  staffUpdateCall,
  staffResetTotpCall,
  auditListCall,
];
