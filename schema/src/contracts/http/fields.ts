import { z } from 'zod';
import { DISPLAY_CURRENCIES } from '../../domain/money/currency.ts';
import { SYMBOL_PATTERN } from '../../domain/market/symbols.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/accounts/identity.ts';

/** Field schemas shared by the DTOs. Form bodies carry strings; each field says its own shape. */
export const loginIdField = z.string().trim().min(1).max(254);
export const passwordField = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const displayCurrencyField = z
  .string()
  .toLowerCase()
  .pipe(z.enum(DISPLAY_CURRENCIES))
  .default('jpy');
/** The language a name is returned in (`name`; all three are in `names`). */
export const langField = z.enum(['jp', 'cn', 'us']).default('jp');
export const symbolField = z.string().trim().toUpperCase().pipe(z.string().regex(SYMBOL_PATTERN));
export const marketField = z
  .string()
  .toUpperCase()
  .pipe(z.enum(['US', 'JP', 'CN']));
/** Client-made idempotency key: unique per intent, reused on retry. */
export const requestIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export const verificationCodeField = z.string().regex(/^\d{6}$/);

/**
 * A whole number as a form or JSON body sends it: decimal digits only, or a JSON integer. Hex
 * (`0x10`), exponents (`1e1`), signs, decimals and blanks are refused rather than read as another
 * number (`z.coerce.number()` took `0x10` for 16, so an id could name another row).
 */
export function wholeNumberField(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/),
    ])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
