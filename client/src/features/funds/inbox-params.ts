import i18next from 'i18next';
import { formatCount, formatMoney } from '../../lib/format.ts';

/** The params an inbox title or body may name; each shown as '--' when the message lacks it. */
const NAMED = [
  'symbol',
  'lots',
  'amount',
  'currency',
  'price',
  'qty',
  'pnl',
  'reason',
  'code',
  'deadline',
  'order',
];

/** Money and prices: decimal strings from the server, grouped as every other figure. */
const MONEY = new Set(['amount', 'price', 'pnl']);
/** Whole counts: lots won, shares. */
const COUNTS = new Set(['lots', 'qty']);

function shownParam(key: string, value: string, formatTime: (ms: number) => string): string {
  if (MONEY.has(key)) return /^-?\d+(\.\d+)?$/.test(value) ? formatMoney(value) : value;
  if (COUNTS.has(key)) return /^-?\d+$/.test(value) ? formatCount(value) : value;
  if (key === 'deadline') return /^\d+$/.test(value) ? formatTime(Number(value)) : '--';
  // Staff write the reason; the template ends the sentence itself (never "…ください。。").
  if (key === 'reason') return value.trim().replace(/[。．.!！、,，\s]+$/u, '');
  return value;
}

/**
 * A message's params ready for its title and body (`money.inbox.<kind>.title|body`): money and
 * prices with thousands separators, counts grouped, the payment deadline as a time in the
 * reader's language (`formatTime`), and '--' for a named param the message does not carry, so a
 * template never shows a literal `{{symbol}}`.
 */
export function inboxParams(
  params: Readonly<Record<string, string>> | null | undefined,
  formatTime: (ms: number) => string,
): Record<string, string> {
  const shown: Record<string, string> = Object.fromEntries(NAMED.map((key) => [key, '--']));
  for (const [key, value] of Object.entries(params ?? {})) {
    shown[key] = shownParam(key, value, formatTime);
  }
  // An order that ended says why in the reader's words (the server stores the reason's key).
  const ended = params?.['end_reason'];
  if (ended) shown['reason'] = i18next.t(`trade.orders.endReasons.${ended}`);
  // A price alert's condition in the reader's words ("At or above 2,900").
  const condition = params?.['alert_condition'];
  if (condition) {
    const value = params['alert_value'] ?? '';
    const shownValue = condition === 'change_pct' ? value : shownParam('price', value, formatTime);
    shown['condition'] = i18next.t(`alerts.condition.${condition}`, { value: shownValue });
  }
  return shown;
}
