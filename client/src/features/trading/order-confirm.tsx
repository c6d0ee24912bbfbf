import i18next from 'i18next';
import { formatMoney } from '../../lib/format.ts';
import type { OrderInput, OrderPreview, OrderTermsInput } from './trading.api.ts';

/** The validity as the confirmation says it: today only, or until the chosen date. */
function validityLine(validity: string | undefined): string | null {
  const t = i18next.t;
  if (!validity) return null;
  if (validity === 'day') {
    return t('trade.orders.confirmValidity', { until: t('trade.orders.untilToday') });
  }
  return t('trade.orders.confirmValidity', { until: validity });
}

/**
 * What the confirmation lists, one line each: the order (kind, side, quantity, stock), every
 * price it waits on (trigger, limit, trail), its validity, the take profit and stop loss after the
 * fill, and what it holds or costs.
 */
export function confirmLines(
  input: OrderInput,
  preview: OrderPreview,
  name: string,
  legs: readonly OrderTermsInput[],
): string[] {
  const t = i18next.t;
  const money = { total: formatMoney(preview.total), currency: preview.currency };
  const words = { side: t(`trade.${input.side}`), qty: input.qty, name };
  if (input.kind === 'market' && legs.length === 0) {
    return [t('trade.confirmText', { ...words, ...money })];
  }
  const lines = [
    t('trade.orders.confirmOrder', { ...words, kind: t(`trade.orders.kinds.${input.kind}`) }),
  ];
  if (input.trigger_price) {
    lines.push(t('trade.orders.confirmTrigger', { price: formatMoney(input.trigger_price) }));
  }
  if (input.price) lines.push(t('trade.orders.confirmLimit', { price: formatMoney(input.price) }));
  if (input.trail) {
    const trail = input.trail_unit === 'percent' ? `${input.trail}%` : formatMoney(input.trail);
    lines.push(t('trade.orders.confirmTrail', { trail }));
  }
  const validity = validityLine(input.validity);
  if (validity) lines.push(validity);
  const profit = legs.find((l) => l.kind === 'limit')?.price;
  const loss = legs.find((l) => l.kind === 'stop')?.trigger_price;
  if (legs.length > 0) {
    lines.push(
      t('trade.orders.confirmBracket', {
        profit: profit ? formatMoney(profit) : '--',
        loss: loss ? formatMoney(loss) : '--',
      }),
    );
  }
  lines.push(
    input.kind === 'market'
      ? t('trade.orders.confirmCost', money)
      : t('trade.orders.confirmHold', money),
  );
  return lines;
}

/** The confirmation's body: its lines, one under another. */
export function ConfirmBody({ lines }: { lines: readonly string[] }) {
  return (
    <div data-testid="order-confirm-lines">
      {lines.map((line) => (
        <p key={line} style={{ margin: '2px 0' }}>
          {line}
        </p>
      ))}
    </div>
  );
}
