import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../components/product-bits.tsx';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { blockApi, type BlockOffer, type BlockOrder, type OfferTab } from './block.api.ts';
import { bt } from './block-texts.ts';

function OfferRow({ item, onOpen }: { item: BlockOffer; onOpen: () => void }) {
  return (
    <div
      className="ipo-row"
      data-testid={`block-offer-${item.id}`}
      onClick={onOpen}
      style={{ padding: 12, borderBottom: '1px solid #eee' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span className="name">
          {item.name} <small className="muted">{item.symbol}</small>
        </span>
        <span>{bt(item.rule)}</span>
      </div>
      <Field label={bt('price')}>{formatAmount(item.price, item.currency)}</Field>
      {item.lottery ? (
        <Field label={bt('applied')}>
          {`${formatCount(item.lottery.lots_applied)} / ${formatCount(item.lots_total)}`}
        </Field>
      ) : (
        <Field label={bt('lotsLeft')}>
          {item.lots_left === 0
            ? bt('soldOut')
            : `${formatCount(item.lots_left)} / ${formatCount(item.lots_total)}`}
        </Field>
      )}
      <Field label={bt('window')}>
        {`${formatWhen(item.opens_at)} – ${formatWhen(item.closes_at)}`}
      </Field>
      {item.needs_key ? <div className="muted">🔑 {bt('key')}</div> : null}
    </div>
  );
}

function OfferList({ tab }: { tab: OfferTab }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<BlockOffer[] | null>(null);
  const reload = useCallback(() => blockApi.list(tab).then(setRows), [tab]);
  useEffect(() => void reload(), [reload]);
  return (
    <div className="screen" data-testid={`block-${tab}-screen`} data-loaded={rows ? 'yes' : 'no'}>
      <HeaderBar
        title={bt(tab)}
        right={{ type: 'order', url: '/home/large3', label: bt('toOrders') }}
      />
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        {rows?.map((item) => (
          <OfferRow
            key={item.id}
            item={item}
            onOpen={() => void navigate(`/home/largeInfo?id=${item.id}`)}
          />
        ))}
      </PullRefresh>
    </div>
  );
}

/** /home/large: the open offers. */
export function BlockOpenScreen() {
  return <OfferList tab="open" />;
}

/** /home/large2: the upcoming offers. */
export function BlockUpcomingScreen() {
  return <OfferList tab="upcoming" />;
}

/** Lots bought; for a lottery application, lots applied for, and won of them once drawn. */
function orderLots(order: BlockOrder): string {
  if (order.lots_applied === null) return formatCount(order.lots);
  if (order.lots_won === null) return formatCount(order.lots_applied);
  return `${formatCount(order.lots_won)} / ${formatCount(order.lots_applied)}`;
}

/** A purchase's state; a lottery application says whether it is drawn and what it won. */
function orderStatus(order: BlockOrder): string {
  if (order.rule === 'lottery' && order.lots_won === null) return bt('appliedStatus');
  if (order.rule === 'lottery' && order.lots_won === 0) return bt('lost');
  const state = bt(order.status as 'held' | 'settled' | 'void');
  return order.rule === 'lottery'
    ? `${bt('wonLots', { n: order.lots_won ?? 0 })} · ${state}`
    : state;
}

/** /home/large3: the caller's purchases. */
export function BlockOrdersScreen() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<Awaited<ReturnType<typeof blockApi.orders>>>(null);
  const reload = useCallback(() => blockApi.orders().then(setRows), []);
  useEffect(() => void reload(), [reload]);
  return (
    <div className="screen" data-testid="block-orders-screen" data-loaded={rows ? 'yes' : 'no'}>
      <HeaderBar title={bt('orders')} />
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        {rows?.map((order) => (
          <div
            key={order.order_id}
            data-testid={`block-order-${order.order_id}`}
            role="button"
            tabIndex={0}
            onClick={() => void navigate(`/home/largeInfo?id=${order.offer_id}`)}
            style={{ padding: 12, borderBottom: '1px solid #eee' }}
          >
            <div className="name">
              {order.name} <small className="muted">{order.symbol}</small>
            </div>
            <Field label={bt('lots')}>{orderLots(order)}</Field>
            <Field label={bt('price')}>{formatAmount(order.price, order.currency)}</Field>
            <Field label={bt('amount')}>
              {order.status === 'void'
                ? `${formatAmount(order.amount, order.currency)} · ${bt('released')}`
                : formatAmount(order.amount, order.currency)}
            </Field>
            <Field label={bt('settles')}>{formatWhen(order.settles_at)}</Field>
            <Field label={bt('status')} id="block-order-status">
              {orderStatus(order)}
            </Field>
          </div>
        ))}
      </PullRefresh>
    </div>
  );
}

export { BlockInfoScreen } from './block-info-screen.tsx';
