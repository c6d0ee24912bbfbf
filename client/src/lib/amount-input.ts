/**
 * An amount as a phone keyboard types it, in the form the server reads (`1500`, `1500.25`):
 * full-width digits and points (an IME's １，５００) become ASCII, grouping commas and spaces go.
 * Null when what is left is not a plain non-negative decimal (letters, two points, a sign).
 */
export function amountFromInput(typed: string): string | null {
  const ascii = typed
    .trim()
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[．。]/g, '.')
    .replace(/[,，、\s\u3000]/g, '');
  return /^\d+(\.\d+)?$/.test(ascii) ? ascii : null;
}

/** Whether the plain decimal `amount` is above `cap` (both as the server writes them), exactly. */
export function isAboveCap(amount: string, cap: string): boolean {
  const places = Math.max(decimalsOf(amount), decimalsOf(cap));
  return scaled(amount, places) > scaled(cap, places);
}

function decimalsOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

function scaled(value: string, places: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(places, '0'));
}
