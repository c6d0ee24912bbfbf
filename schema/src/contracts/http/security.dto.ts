import { z } from 'zod';

export const securityStatusResponse = z.object({
  totp_enabled: z.boolean(),
  anti_phishing_phrase: z.string().nullable(),
});
export const totpSetupResponse = z.object({
  otpauth_uri: z.string(),
  secret: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qr: z.string(),
});
