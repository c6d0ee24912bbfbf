/**
 * Formats an exact decimal string from the server for display: thousands separators and the
 * currency's decimals, '0.00' for empty or invalid (spec section 9). No float arithmetic:
 * only digit grouping on the string.
 */
export function formatMoney(value: string | null | undefined): string {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value)) return '0.00';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = value.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A count (shares, lots, applications) with thousands separators: 200000 → "200,000"; '--' when not a number. */
export function formatCount(value: number | string | null | undefined): string {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  return typeof text === 'string' && /^-?\d+$/.test(text) ? formatMoney(text) : '--';
}

/** How a market shows prices: digits always shown, and the most shown (quote/detail's price decimals). */
export interface PriceDecimals {
  readonly min: number;
  readonly max: number;
}

/**
 * A price the client derived itself (a chart value, an adjusted live tick) shown the way the
 * server shows quotes: rounded to the market's display decimals, trailing zeros trimmed down to
 * its minimum, thousands grouped. 2615.4999 in JP reads "2,615.5"; 231.1 in US "231.10".
 */
export function formatPrice(value: number, decimals: PriceDecimals): string {
  if (!Number.isFinite(value)) return '--';
  const fixed = value.toFixed(decimals.max);
  const [whole = '0', fraction = ''] = fixed.split('.');
  let kept = fraction;
  while (kept.length > decimals.min && kept.endsWith('0')) kept = kept.slice(0, -1);
  return formatMoney(kept ? `${whole}.${kept}` : whole);
}

/**
 * An amount with its currency code, the one way money is shown beside a figure: "10,000,000 JPY",
 * "70,000.00 USD". JPY has no decimals on the wire (decision 40), so none are shown.
 */
export function formatAmount(value: string | null | undefined, currency: string): string {
  const valid = Boolean(value && /^-?\d+(\.\d+)?$/.test(value));
  return `${valid ? formatMoney(value) : currency === 'JPY' ? '0' : '0.00'} ${currency}`;
}

/** Parts per million as a percentage, by digits (4950 → "0.495%"). */
export function ppmAsPercent(ppm: number): string {
  const digits = String(ppm).padStart(5, '0');
  const fraction = digits.slice(-4).replace(/0+$/, '');
  return `${Number(digits.slice(0, -4))}${fraction ? `.${fraction}` : ''}%`;
}
