import { formatMajor, type Money } from '../domain/money/money.ts';

/** Money on the wire is an exact decimal string in major units (CONTRACT.md section 1). */
export function toWire(value: Money): string {
  return formatMajor(value);
}
