/**
 * `value` (a decimal string such as "280000" or "1234.56") times a whole number, exactly (in
 * integers, as the server counts): what `n` lots cost from one lot's cost.
 */
export function timesDecimal(value: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of lots: ${n}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const digits = (BigInt(whole + fraction) * BigInt(n))
    .toString()
    .padStart(fraction.length + 1, '0');
  const cut = digits.length - fraction.length;
  const text = fraction.length === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}
