import { z } from 'zod';
import { ADMIN_POWERS, STAFF_ROLES } from '../../contracts/http/staff-roles.ts';
import { HOUSE_SETTINGS, type HouseSettingName } from './house-settings.ts';

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

/** A reason staff give for a change; it is kept in the audit log. */
export const staffReason = z.string().trim().min(3).max(200);

export const configListResponse = z.array(
  z.object({
    name: z.string(),
    /** Empty when the entry has never been set (the house default applies). */
    value: z.string(),
    /** Whether the app shows it (`common/config`). */
    public: z.boolean(),
    /** The power that may change it (`config`: operators; `ledger`: administrators only). */
    power: z.enum(ADMIN_POWERS),
  }),
);
export const configUpdateRequest = z.strictObject({
  name: z.enum(Object.keys(HOUSE_SETTINGS) as [HouseSettingName, ...HouseSettingName[]]),
  /** Omitted or empty clears an entry that may be empty (the licence). */
  value: z.string().max(400).default(''),
  reason: staffReason,
});

const calendarMarket = z.enum(['US', 'JP', 'CN']);
export const calendarListResponse = z.object({
  markets: z.array(
    z.object({
      market: calendarMarket,
      /** The last day its calendar is known; null: NYSE closes by rule. */
      known_until: z.string().nullable(),
      /** Days to `known_until`; warned at 60 or fewer. */
      days_left: z.number().int().nullable(),
      warn: z.boolean(),
    }),
  ),
  years: z.array(
    z.object({
      market: calendarMarket,
      year: z.number().int(),
      source: z.string(),
      entered_by: z.string(),
      entered_at: z.number(),
      closures: z.array(z.string()),
    }),
  ),
});
export const calendarSetYearRequest = z.strictObject({
  market: calendarMarket,
  year: z.coerce.number().int().min(2020).max(2100),
  /** The year's weekday closures, `YYYY-MM-DD`, separated by commas, spaces or new lines. */
  closures: z.string().max(2000).default(''),
  /** Where the dates come from (the exchange's or the State Council's notice). */
  source: z.string().trim().min(3).max(200),
  reason: staffReason,
});

/** Where the console sends an administrator's browser to open the queue board (once, briefly). */
export const queueBoardTicketResponse = z.object({ url: z.string() });
