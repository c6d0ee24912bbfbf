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
