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

/** Formats a scaled integer as an exact decimal string: (123456n, 2) -> "1234.56". */
export function formatScaled(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString();
  if (scale === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

/** Formats minor units as an exact decimal string in major units ("12345.00", "1500"). */
export function formatMajor(value: Money): string {
  return formatScaled(value.amountMinor, scaleOf(value.currency));
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
