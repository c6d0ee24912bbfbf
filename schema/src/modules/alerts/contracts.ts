import { z } from 'zod';
import { namesOf } from '../../contracts/http/answers.ts';
import { symbolField, wholeNumberField } from '../../contracts/http/fields.ts';

/**
 * `alert/create`: above or below a price (a decimal at the market's price decimals), or a day's
 * change in percent (`change_pct`: "5" fires at +5.00% or more, "-3.5" at −3.50% or less).
 */
export const alertCreateRequest = z.strictObject({
  symbol: symbolField,
  condition: z.enum(['above', 'below', 'change_pct']),
  value: z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,8})?$/),
});
export const alertCreateResponse = z.object({ alert_id: z.string() });

export const alertRecord = z.object({
  id: z.string(),
  symbol: z.string(),
  name: namesOf,
  condition: z.enum(['above', 'below', 'change_pct']),
  /** As the user wrote it: a price, or a percent. */
  value: z.string(),
  status: z.enum(['active', 'triggered']),
  triggered_at: z.number().nullable(),
  /** The print that met it. */
  triggered_price: z.string().nullable(),
  created_at: z.number(),
});
export type AlertRecord = z.infer<typeof alertRecord>;
export const alertListRequest = z.strictObject({ symbol: symbolField.optional() });
export const alertListResponse = z.array(alertRecord);
export const alertIdRequest = z.strictObject({ id: wholeNumberField(1) });

/** `push/key`: the server's VAPID public key (base64url), for `PushManager.subscribe`. */
export const pushKeyRequest = z.strictObject({});
export const pushKeyResponse = z.object({ public_key: z.string() });

const base64url = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,200}={0,2}$/);

/** `push/subscribe`: a browser's subscription (`PushSubscription.toJSON()`) and its language. */
export const pushSubscribeRequest = z.strictObject({
  endpoint: z.string().trim().url().max(1000),
  p256dh: base64url,
  auth: base64url,
  language: z.enum(['jp', 'cn', 'us']),
});
export const pushUnsubscribeRequest = z.strictObject({ endpoint: z.string().trim().max(1000) });

/** `alert:triggered` on the owner's socket. */
export interface AlertTriggered {
  alert_id: string;
  symbol: string;
  price: string;
}
