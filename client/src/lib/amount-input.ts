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
