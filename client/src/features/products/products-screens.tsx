import { Button, Input } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { Field, RefusalNote } from '../../components/product-bits.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { newRequestId } from '../../lib/api-client.ts';
import { formatAmount } from '../../lib/format.ts';
import { formatDay, formatWhen } from '../../lib/format-time.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { amountFromInput } from '../../lib/amount-input.ts';
import { NavChart } from './nav-chart.tsx';
import { pt, strategyRules } from './product-texts.ts';
import { productsApi, type Product, type ProductDetail } from './products.api.ts';
import { FollowOrdersList } from './follow-orders.tsx';

/** A percent with its sign, coloured the reader's way (rise/fall). */
function Percent({ value, id }: { value: string; id?: string }) {
  const negative = value.startsWith('-');
  return (
    <span className={negative ? 'fall' : 'rise'} data-testid={id}>
      {negative || value === '0.00' ? value : `+${value}`}%
    </span>
  );
}

function ProductRow({ item, onOpen }: { item: Product; onOpen: () => void }) {
  return (
    <div
      className="ipo-row"
      data-testid={`product-${item.id}`}
      onClick={onOpen}
      style={{ padding: 12, borderBottom: '1px solid #eee' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span className="name">{item.name}</span>
        {item.status === 'closed' ? <span className="muted">{pt('closed')}</span> : null}
      </div>
      <Field label={pt('nav')}>{item.nav}</Field>
      <Field label={pt('avgDaily')}>
        <Percent value={item.avg_daily_return} />
      </Field>
      <Field label={pt('minAmount')}>{formatAmount(item.min_amount, item.currency)}</Field>
      <Field label={pt('lockup')}>{pt('days', { n: item.lockup_days })}</Field>
    </div>
  );
}

function FollowSheet({ detail, onFollowed }: { detail: ProductDetail; onFollowed: () => void }) {
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One request id per intent: a retry of the same amount answers the first result; a follow that
  // went through ends the intent.
  const [followed, setFollowed] = useState(0);
  const requestId = useMemo(() => newRequestId(), [amount, followed]); // eslint-disable-line react-hooks/exhaustive-deps
  const edit = (value: string) => {
    setAmount(value);
    setRefusal(null); // the last answer was about another amount
  };
  const follow = async () => {
    const typed = amountFromInput(amount);
    if (typed === null) {
      setRefusal('invalid_param'); // letters or two points: nothing goes to the server
      return;
    }
    setBusy(true);
    const answer = await productsApi.follow(detail.id, typed, requestId);
    setBusy(false);
    if (answer.ok) {
      showMessage(translateMsg(answer.msg));
      setRefusal(null);
      setFollowed((n) => n + 1);
      onFollowed();
    } else {
      setRefusal(answer.msg);
    }
  };
  return (
    <div data-testid="product-follow-sheet" style={{ marginTop: 12 }}>
      <div className="muted">
        {pt('amount')} ({detail.currency})
      </div>
      <Field label={pt('cash')} id="product-cash">
        {formatAmount(detail.my_cash, detail.currency)}
      </Field>
      <Input
        data-testid="product-amount"
        inputMode="decimal"
        value={amount}
        onChange={edit}
        placeholder={formatAmount(detail.min_amount, detail.currency)}
      />
      <div className="muted" style={{ fontSize: 12, marginTop: 4 }}>
        {pt('forwardPricing')}
      </div>
      <RefusalNote msg={refusal} id="product-refusal" />
      {detail.status === 'open' ? null : (
        <div className="muted" data-testid="product-closed" style={{ marginTop: 8 }}>
          {pt('closed')}
        </div>
      )}
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        data-testid="product-follow"
        loading={busy}
        disabled={detail.status !== 'open' || amount.trim() === ''}
        onClick={() => void follow()}
      >
        {pt('follow')}
      </Button>
    </div>
  );
}

function ProductSheet({ detail, onFollowed }: { detail: ProductDetail; onFollowed: () => void }) {
  return (
    <div style={{ padding: 12 }} data-testid="product-sheet">
      <div className="name" data-testid="product-name">
        {detail.name}
      </div>
      <Field label={pt('issuer')}>{detail.issuer}</Field>
      <Field label={pt('nav')} id="product-nav">
        {detail.nav}
      </Field>
      <Field label={pt('navDate')}>{formatDay(detail.nav_date)}</Field>
      <Field label={pt('avgDaily')}>
        <Percent value={detail.avg_daily_return} id="product-avg-daily" />
      </Field>
      <div className="muted" style={{ fontSize: 12 }} data-testid="product-past-results">
        {pt('pastResults')}
      </div>
      <Field label={pt('maxDrawdown')}>
        <span data-testid="product-drawdown">{detail.max_drawdown}%</span>
      </Field>
      <Field label={pt('minAmount')}>{formatAmount(detail.min_amount, detail.currency)}</Field>
      <Field label={pt('deadline')}>{formatWhen(detail.deadline)}</Field>
      <Field label={pt('lockup')}>{pt('days', { n: detail.lockup_days })}</Field>
      <Field label={pt('fee')} id="product-fee">
        {`${(detail.fee_bps / 100).toFixed(2)}% ${detail.fee_bps > 0 ? pt('feeNotCharged') : ''}`}
      </Field>
      <Field label={pt('universe')}>{detail.universe.join(', ')}</Field>
      <div style={{ marginTop: 12 }} className="muted">
        {pt('navChart')}
      </div>
      <NavChart points={detail.nav_history} />
      <div style={{ marginTop: 8 }} className="muted">
        {pt('rules')}
      </div>
      <p data-testid="product-rules" style={{ margin: '4px 0' }}>
        {strategyRules(detail.strategy)}
      </p>
      <FollowSheet detail={detail} onFollowed={onFollowed} />
    </div>
  );
}

function ProductList() {
  const navigate = useNavigate();
  const [rows, setRows] = useState<Product[] | null>(null);
  const reload = useCallback(() => productsApi.list().then(setRows), []);
  useEffect(() => void reload(), [reload]);
  return (
    <PullRefresh onRefresh={reload}>
      {rows?.length === 0 ? <NoData /> : null}
      {rows?.map((item) => (
        <ProductRow
          key={item.id}
          item={item}
          onOpen={() => void navigate(`/home/follow?id=${item.id}`)}
        />
      ))}
    </PullRefresh>
  );
}

/** /home/follow: the products; /home/follow?id=: one product's sheet and the follow form. */
export function FollowScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const [fetched, setFetched] = useState<{ id: string; detail: ProductDetail | null } | null>(null);
  useEffect(() => {
    if (id) void productsApi.detail(id).then((detail) => setFetched({ id, detail }));
  }, [id]);
  const current = id !== null && fetched?.id === id ? fetched : null;
  const loaded = id ? current !== null : true;
  return (
    <div className="screen" data-testid="follow-screen" data-loaded={loaded ? 'yes' : 'no'}>
      <HeaderBar
        title={pt('title')}
        right={{ type: 'order', url: '/mine/followOrder', label: pt('orders') }}
      />
      {!id ? <ProductList /> : null}
      {current && !current.detail ? <NoData /> : null}
      {current?.detail ? (
        <ProductSheet
          detail={current.detail}
          onFollowed={() => void navigate('/mine/followOrder')}
        />
      ) : null}
    </div>
  );
}

/** /mine/followOrder: the caller's follow orders with their lock-up end and a redeem action. */
export function FollowOrdersScreen() {
  return (
    <div className="screen" data-testid="follow-orders-screen">
      <HeaderBar title={pt('orders')} />
      <FollowOrdersList />
    </div>
  );
}

export { FollowOrdersList };
