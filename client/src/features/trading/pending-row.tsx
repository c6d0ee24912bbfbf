import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { instrumentName } from '../../lib/instrument-name.ts';
import { storage } from '../../lib/storage.ts';
import type { PendingOrder } from './trading.api.ts';

/** The last day an order is valid (the market's own date, from the server), as month/day. */
function validUntil(order: PendingOrder): string | null {
  if (!order.valid_until) return null;
  const [, month, day] = order.valid_until.split('-').map(Number) as [number, number, number];
  return `${month}/${day}`;
}

/** What the order waits on: its limit, its trigger (or trail), as one short line. */
function termsLine(order: PendingOrder, t: TFunction): string {
  const parts = [`#${order.order_id}`, t(`trade.orders.kinds.${order.kind}`)];
  if (order.trigger_price) {
    parts.push(`${t('trade.orders.trigger')} ${formatMoney(order.trigger_price)}`);
  }
  if (order.price) parts.push(`${t('trade.price')} ${formatMoney(order.price)}`);
  if (order.trail) {
    const trail = order.trail_unit === 'percent' ? `${order.trail}%` : formatMoney(order.trail);
    parts.push(`${t('trade.orders.trail')} ${trail}`);
  }
  parts.push(String(order.stock_num));
  return parts.join(' · ');
}

function Tags({ order }: { order: PendingOrder }) {
  const { t } = useTranslation();
  const date = validUntil(order);
  const until = order.valid_today
    ? t('trade.orders.untilToday')
    : date
      ? t('trade.orders.until', { date })
      : null;
  const tags = [
    order.group_kind ? t(`trade.orders.groups.${order.group_kind}`) : null,
    order.close_position_id
      ? t('trade.orders.closesPosition', { id: order.close_position_id })
      : null,
    order.triggered ? t('trade.orders.triggered') : null,
    order.state === 'waiting' && order.group_id
      ? t('trade.orders.waitingFor', { id: order.group_id })
      : null,
    until,
  ].filter((tag): tag is string => tag !== null);
  if (tags.length === 0) return null;
  return (
    <div className="order-tags" data-testid={`pending-tags-${order.order_id}`}>
      {tags.map((tag) => (
        <span key={tag} className="order-tag">
          {tag}
        </span>
      ))}
    </div>
  );
}

/** A live or waiting order: stock and side, its kind and terms, its group and validity; cancellable. */
export function PendingRow({
  order,
  onCancel,
}: {
  order: PendingOrder;
  onCancel: (o: PendingOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="quote-row"
      style={{ gridTemplateColumns: '1fr auto' }}
      data-testid={`pending-${order.order_id}`}
      data-kind={order.kind}
      data-state={order.state}
    >
      <div>
        <div className="name">
          {instrumentName(order, storage.language())}{' '}
          <small className={order.side === 'long' ? 'rise' : 'fall'}>
            {order.close_position_id || order.state === 'waiting'
              ? t(`trade.orders.closeSide.${order.side}`)
              : `${t(`trade.${order.side}`)} ×${order.leverage}`}
          </small>
        </div>
        <div className="code" data-testid={`pending-terms-${order.order_id}`}>
          {termsLine(order, t)}
        </div>
        <Tags order={order} />
      </div>
      <Button size="mini" onClick={() => onCancel(order)}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
