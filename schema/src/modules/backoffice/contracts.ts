import { z } from 'zod';
import { ADMIN_POWERS, STAFF_ROLES } from '../../contracts/http/staff-roles.ts';

/** The back office's own calls (`/api/admin/`): staff sign-in, two-factor, staff and the audit log. */
const otpOrRecovery = z
  .string()
  .trim()
  .regex(/^(\d{6}|[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4})$/i);

export const staffLoginRequest = z.strictObject({
  login: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The authenticator's six digits, or one recovery code (xxxx-xxxx-xxxx). */
  otp: otpOrRecovery.optional(),
});
export const staffLoginResponse = z.object({
  token: z.string(),
  /** `enrol`: the session may only set up two-factor (and log out) until it is confirmed. */
  second_factor: z.enum(['passed', 'enrol']),
});

export const staffMeResponse = z.object({
  login: z.string(),
  role: z.enum(STAFF_ROLES),
  powers: z.array(z.enum(ADMIN_POWERS)),
  totp_enabled: z.boolean(),
  second_factor: z.enum(['passed', 'enrol']),
  /** Minutes of no use after which the session ends. */
  idle_minutes: z.number().int(),
});

export const staffTotpEnableRequest = z.strictObject({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const staffTotpEnableResponse = z.object({
  /** Shown once: each signs in once in place of a code. */
  recovery_codes: z.array(z.string()),
});

const staffId = z.string().regex(/^[1-9]\d{0,17}$/);
export const staffRow = z.object({
  id: z.string(),
  login: z.string(),
  role: z.string(),
  totp_enabled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.number(),
});
export const staffListResponse = z.array(staffRow);
export const staffCreateRequest = z.strictObject({
  login: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9._-]{2,31}$/),
  password: z.string().min(12).max(128),
  role: z.enum(STAFF_ROLES),
});
export const staffCreateResponse = z.object({ id: z.string() });
export const staffUpdateRequest = z
  .strictObject({
    id: staffId,
    role: z.enum(STAFF_ROLES).optional(),
    disabled: z.enum(['0', '1']).optional(),
  })
  .refine((change) => change.role !== undefined || change.disabled !== undefined, {
    message: 'a role or disabled',
    path: ['role'],
  });
export const staffIdRequest = z.strictObject({ id: staffId });

export const auditListRequest = z.strictObject({
  /** Matches the action, the subject or the staff login (a substring). */
  q: z.string().trim().max(64).optional(),
  /** The page before this row id (newest first). */
  before_id: staffId.optional(),
});
export const auditListResponse = z.array(
  z.object({
    id: z.string(),
    staff: z.string(),
    action: z.string(),
    subject: z.string(),
    detail: z.record(z.string(), z.unknown()),
    created_at: z.number(),
  }),
);
