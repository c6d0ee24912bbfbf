import { scaleOf, type Currency } from './currency.ts';

/** An exact amount: integer minor units of one currency. Never a JS number. */
export interface Money {
  readonly currency: Currency;
  readonly amountMinor: bigint;
}

export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
}

const DECIMAL = /^(-)?(\d{1,20})(?:\.(\d{1,20}))?$/;

export function money(currency: Currency, amountMinor: bigint): Money {
  return { currency, amountMinor };
}

/**
 * Parses a decimal string in major units ("1500", "12.5") into minor units.
 * Refuses more fraction digits than the currency has: no silent rounding of user input.
 */
export function parseMajor(text: string, currency: Currency): Money {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new MoneyFormatError(`not a decimal amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const scale = scaleOf(currency);
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) {
    throw new MoneyFormatError(`${currency} has ${scale} decimals: ${text}`);
  }
  const minor = BigInt(whole + trimmed.padEnd(scale, '0'));
  return money(currency, sign ? -minor : minor);
}

/** Formats minor units as an exact decimal string in major units ("12345.00", "1500"). */
export function formatMajor(value: Money): string {
  const scale = scaleOf(value.currency);
  const negative = value.amountMinor < 0n;
  const digits = (negative ? -value.amountMinor : value.amountMinor).toString();
  if (scale === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, -scale);
  const fraction = padded.slice(-scale);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new Error(`currency mismatch: ${a.currency} vs ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.currency, a.amountMinor + b.amountMinor);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.currency, a.amountMinor - b.amountMinor);
}

export function isZero(value: Money): boolean {
  return value.amountMinor === 0n;
}

export function zero(currency: Currency): Money {
  return money(currency, 0n);
}
