import { scaleOf, type Currency } from './currency.ts';
import { pow10 } from './rounding.ts';

/** The largest whole amount accepted in one request, in major units (far beyond any paper balance). */
export const WHOLE_AMOUNT_MAX_MAJOR = 1_000_000_000_000n;

const POSITIVE_INTEGER = /^[1-9]\d{0,12}$/;

/**
 * An amount as the user typed it where the product takes whole major units only (an added credit,
 * an intraday application): a positive whole number of `currency` in major units ("9000" yen,
 * "112" dollars), as a form string or a JSON integer. Anything else — 0, a sign, a fraction
 * ("1.5"), an exponent ("1e3"), hex, blanks, letters — is not an amount (null), and the call
 * answers its refusal (`credit_invalid`). Returns minor units of `currency`.
 */
export function parseWholeMajorAmount(raw: unknown, currency: Currency): bigint | null {
  let text: string;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) text = String(raw);
  else if (typeof raw === 'string') text = raw;
  else return null;
  if (!POSITIVE_INTEGER.test(text)) return null;
  const major = BigInt(text);
  if (major > WHOLE_AMOUNT_MAX_MAJOR) return null;
  return major * pow10(scaleOf(currency));
}
