import { Button, Input, Stepper } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field, RefusalNote } from '../../components/product-bits.tsx';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { newRequestId } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { blockApi, type BlockDetail, type BlockOffer, type OfferTab } from './block.api.ts';
import { bt } from './block-texts.ts';

/** How often an open detail screen refreshes its lots left (the live socket is not wired yet). */
const LOTS_REFRESH_MS = 5_000;

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
      <Field label={bt('lotsLeft')}>
        {`${formatCount(item.lots_left)} / ${formatCount(item.lots_total)}`}
      </Field>
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

/** /home/large3: the caller's purchases. */
export function BlockOrdersScreen() {
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
            style={{ padding: 12, borderBottom: '1px solid #eee' }}
          >
            <div className="name">
              {order.name} <small className="muted">{order.symbol}</small>
            </div>
            <Field label={bt('lots')}>{formatCount(order.lots)}</Field>
            <Field label={bt('price')}>{formatAmount(order.price, order.currency)}</Field>
            <Field label={bt('amount')}>{formatAmount(order.amount, order.currency)}</Field>
            <Field label={bt('settles')}>{formatWhen(order.settles_at)}</Field>
            <Field label={bt('status')} id="block-order-status">
              {bt(order.status as 'held' | 'settled' | 'void')}
            </Field>
          </div>
        ))}
      </PullRefresh>
    </div>
  );
}

function BuySheet({ detail, onBought }: { detail: BlockDetail; onBought: () => void }) {
  const [lots, setLots] = useState(detail.min_lots);
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One request id per intent: a retry of the same lots and key answers the first result; a
  // purchase that went through ends the intent (another tap is another purchase).
  const [bought, setBought] = useState(0);
  const requestId = useMemo(() => newRequestId(), [lots, key, bought]); // eslint-disable-line react-hooks/exhaustive-deps
  const buy = async () => {
    setBusy(true);
    const answer = await blockApi.buy(detail.id, lots, detail.needs_key ? key : null, requestId);
    setBusy(false);
    if (answer.ok) {
      showMessage(translateMsg(answer.msg));
      setRefusal(null);
      setBought((n) => n + 1);
      onBought();
    } else {
      setRefusal(answer.msg);
    }
  };
  return (
    <div className="block-buy" data-testid="block-buy-sheet" style={{ padding: 12 }}>
      <div className="muted">{bt('lots')}</div>
      <Stepper
        data-testid="block-lots"
        min={detail.min_lots}
        max={detail.max_lots}
        value={lots}
        onChange={(value) => setLots(value)}
      />
      {detail.needs_key ? (
        <div style={{ marginTop: 8 }}>
          <span className="muted">{bt('key')}</span>
          <Input data-testid="block-key" value={key} onChange={setKey} placeholder={bt('key')} />
        </div>
      ) : null}
      <RefusalNote msg={refusal} id="block-refusal" />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        data-testid="block-buy"
        loading={busy}
        disabled={detail.status !== 'open' || detail.lots_left === 0}
        onClick={() => void buy()}
      >
        {bt('buy')}
      </Button>
    </div>
  );
}

/** /home/largeInfo?id=: the offer, its discount to the live price, lots left, and the buy sheet. */
export function BlockInfoScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [detail, setDetail] = useState<BlockDetail | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      blockApi.detail(id).then((answer) => {
        setDetail(answer.detail);
        setMissing(answer.refusal);
      }),
    [id],
  );
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), LOTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <div className="screen" data-testid="block-info-screen" data-loaded={detail ? 'yes' : 'no'}>
      <HeaderBar title={bt('detail')} />
      {missing ? <NoData /> : null}
      {detail ? (
        <div style={{ padding: 12 }}>
          <div className="name" data-testid="block-name">
            {detail.name} <small className="muted">{detail.symbol}</small>
          </div>
          <Field label={bt('price')}>{formatAmount(detail.price, detail.currency)}</Field>
          <Field label={bt('prevClose')}>{formatAmount(detail.prev_close, detail.currency)}</Field>
          <Field label={bt('livePrice')}>
            {detail.live_price ? formatAmount(detail.live_price, detail.currency) : '-'}
          </Field>
          <Field label={bt('discount')} id="block-discount">
            {`${detail.discount ?? detail.discount_to_prev_close}%`}
          </Field>
          <Field label={bt('lotsLeft')} id="block-lots-left">
            {`${formatCount(detail.lots_left)} / ${formatCount(detail.lots_total)}`}
          </Field>
          <Field label={bt('lotsRange')}>
            {`${formatCount(detail.min_lots)} – ${formatCount(detail.max_lots)}`}
          </Field>
          <Field label={bt('lot')}>{formatCount(detail.lot)}</Field>
          <Field label={bt('rule')}>{bt(detail.rule)}</Field>
          <Field label={bt('window')}>
            {`${formatWhen(detail.opens_at)} – ${formatWhen(detail.closes_at)}`}
          </Field>
          <Field label={bt('settles')}>{formatWhen(detail.settles_at)}</Field>
          <Field label={bt('myLots')} id="block-my-lots">
            {formatCount(detail.my_lots)}
          </Field>
          <BuySheet detail={detail} onBought={() => void reload()} />
        </div>
      ) : null}
    </div>
  );
}
