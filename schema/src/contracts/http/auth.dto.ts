import { z } from 'zod';
import { FUND_PASSWORD } from '../../domain/accounts/identity.ts';
import { loginIdField, passwordField, verificationCodeField, wholeNumberField } from './fields.ts';

export const sendCodeRequest = z.strictObject({
  account: loginIdField,
  /** `fund_reset`: a code for the fund password's reset only (never a login reset's). */
  purpose: z.enum(['register', 'reset', 'fund_reset']),
});

export const registerRequest = z.strictObject({
  account: loginIdField,
  password: passwordField,
  repassword: z.string().max(64),
  invite: z.string().trim().min(1).max(32),
  code: verificationCodeField,
  agree: z.string().max(8).optional(),
});

export const loginRequest = z.strictObject({
  account: loginIdField,
  password: z.string().min(1).max(64),
  remember: z.string().max(8).optional(),
});

export const changePasswordRequest = z.strictObject({
  oldpassword: z.string().min(1).max(64),
  password: passwordField,
  repassword: z.string().max(64),
});

const fundPasswordField = z.string().regex(FUND_PASSWORD);

export const setFundPasswordRequest = z.strictObject({
  password: z.string().min(1).max(64),
  fundpassword: fundPasswordField,
  refundpassword: z.string().max(16),
});

export const changeFundPasswordRequest = z.strictObject({
  oldfundpassword: z.string().min(1).max(16),
  fundpassword: fundPasswordField,
  refundpassword: z.string().max(16),
  /** Required when the user turned TOTP on. */
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** A forgotten login password: the account, the reset code sent to it, the new password twice. */
export const resetPasswordRequest = z.strictObject({
  account: loginIdField,
  code: verificationCodeField,
  password: passwordField,
  repassword: z.string().max(64),
});

/** A forgotten fund password, signed in: the login password, a reset code, the new one twice. */
export const resetFundPasswordRequest = z.strictObject({
  password: z.string().min(1).max(64),
  code: verificationCodeField,
  fundpassword: fundPasswordField,
  refundpassword: z.string().max(16),
});

export const revokeSessionRequest = z.strictObject({ id: wholeNumberField(1) });

export type RegisterRequest = z.infer<typeof registerRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ token: z.string(), account: z.string() });
export const sessionRowResponse = z.object({
  id: z.number(),
  created_at: z.number(),
  last_seen_at: z.number(),
  expires_at: z.number(),
  user_agent: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowResponse>;
export const sessionListResponse = z.array(sessionRowResponse);
