import { Button, Dialog, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { auditTime, merge } from 'rxjs';
import type { AssetsData } from '@kabuto/schema/contracts';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatAmount } from '../../lib/format.ts';
import { callApi } from '../../lib/api-client.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { storage } from '../../lib/storage.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { assetsState } from '../assets/assets.store.ts';
import { quoteTicks$ } from '../quotes/quote-stream.ts';
import { trendOf } from '../quotes/quote-bits.tsx';
import { tradingApi, type PendingOrder, type PositionItem } from './trading.api.ts';
import '../quotes/quotes.css';

const nameOf = (item: { name: PositionItem['name'] }) =>
  storage.language() === 'cn'
    ? item.name.zh
    : storage.language() === 'us'
      ? item.name.en
      : item.name.ja;

/** The summary's P&L and market value are the holdings list's own totals (fdyk, ccsz): one source with the rows. */
function Summary({
  summary,
  fdyk,
  ccsz,
}: {
  summary: AssetsData | null;
  fdyk: string | undefined;
  ccsz: string | undefined;
}) {
  const { t } = useTranslation();
  const cells: Array<[string, string | undefined, string]> = [
    ['trade.totalAssets', summary?.total, 'pos-total'],
    ['trade.profit', fdyk, 'pos-profit'],
    ['trade.marketValue', ccsz, 'pos-mv'],
    ['trade.buyingPower', summary?.available, 'pos-available'],
    ['trade.workingFunds', summary?.frozen, 'pos-frozen'],
  ];
  return (
    <div
      className="card figure-grid"
      style={{ gridTemplateColumns: '1fr 1fr' }}
      data-testid="positions-summary"
    >
      {cells.map(([label, value, id]) => (
        <div className="figure" key={label}>
          <label>{t(label)}</label>
          <strong className={label === 'trade.profit' ? trendOf(value) : ''} data-testid={id}>
            {formatAmount(value, summary?.currency ?? storage.currency().toUpperCase())}
          </strong>
        </div>
      ))}
    </div>
  );
}

function HoldingRow({
  item,
  onClose,
  onOpen,
}: {
  item: PositionItem;
  onClose?: (item: PositionItem) => void;
  onOpen: (item: PositionItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="quote-row"
      style={{ gridTemplateColumns: '1fr auto' }}
      data-testid={`position-${item.position_id}`}
      onClick={() => onOpen(item)}
    >
      <div style={{ minWidth: 0 }}>
        <div className="name">
          {nameOf(item)}{' '}
          <small className={item.side === 'long' ? 'rise' : 'fall'}>
            {t(`trade.${item.side}`)} ×{item.leverage}
          </small>
        </div>
        <div className="code">
          {item.symbol} · {item.stock_num} · {t('trade.buyPrice')} {item.buy_price} →{' '}
          {item.status === 0 ? item.nowprice : item.sell_price}
        </div>
      </div>
      <div style={{ textAlign: 'right' }}>
        <div className={`num ${trendOf(item.yingkui)}`} data-testid={`pnl-${item.position_id}`}>
          {formatAmount(item.yingkui, item.currency)}
        </div>
        {onClose ? (
          <Button
            size="mini"
            onClick={(e: { stopPropagation(): void }) => {
              e.stopPropagation();
              onClose(item);
            }}
            data-testid={`close-${item.position_id}`}
          >
            {t('trade.close')}
          </Button>
        ) : (
          <span className="muted">
            {item.status === 1 && item.reason === 'stop_out'
              ? t('trade.stopOut')
              : t('trade.closed')}
          </span>
        )}
      </div>
    </div>
  );
}

function PendingRow({
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
    >
      <div>
        <div className="name">
          {order.symbol}{' '}
          <small>
            {t(`trade.${order.side}`)} ×{order.leverage}
          </small>
        </div>
        <div className="code">
          {t('trade.limit')} {order.price} · {order.stock_num}
        </div>
      </div>
      <Button size="mini" onClick={() => onCancel(order)}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}

interface PositionsSnapshot {
  summary: AssetsData | null;
  holdings: PositionItem[] | null;
  fdyk?: string;
  ccsz?: string;
  closed: PositionItem[] | null;
  pending: PendingOrder[];
}

/** Summary, holdings, closed trades and pending orders fetched together and shown together (one refresh). */
async function loadSnapshot(): Promise<PositionsSnapshot> {
  const [summary, open, done, resting] = await Promise.all([
    callApi('user/assets', { type: storage.currency() }, { quiet: true }),
    tradingApi.holdings(),
    tradingApi.closed(),
    tradingApi.pending(),
  ]);
  return {
    summary: summary.status === 1 ? summary.data : null,
    holdings: open.items,
    fdyk: open.fdyk,
    ccsz: open.ccsz,
    closed: done.items,
    pending: resting,
  };
}

/** Anything that moves a figure: an order, a fill, a fund change, an asset recomputation, a reconnect or a lost event. */
const accountChanges$ = () =>
  merge(
    fromSocketEvent('order:updated'),
    fromSocketEvent('assets:updated'),
    fromSocketEvent('fund:updated'),
    accountResync$(),
  );

/** Positions (/position/index): the server's figures, holdings with live P&L, pending orders, closed trades. */
export function PositionsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('holdings');
  const [snapshot, setSnapshot] = useState<PositionsSnapshot>({
    summary: null,
    holdings: null,
    closed: null,
    pending: [],
  });
  const { holdings, closed, pending } = snapshot;
  const reload = useCallback(async () => {
    const next = await loadSnapshot();
    setSnapshot(next);
    if (next.summary) assetsState.summary = next.summary;
  }, []);
  useEffect(() => {
    void reload();
    const changes = accountChanges$()
      .pipe(auditTime(300))
      .subscribe(() => void reload());
    return () => changes.unsubscribe();
  }, [reload]);
  const symbols = [...new Set(holdings?.map((h) => h.symbol) ?? [])].join(',');
  useEffect(() => {
    if (!symbols) return undefined;
    // Prices move: the server revalues; summary and rows refresh together at most every 2 s while ticks arrive.
    const subscription = quoteTicks$(symbols.split(','))
      .pipe(auditTime(2000))
      .subscribe(() => void reload());
    return () => subscription.unsubscribe();
  }, [symbols, reload]);
  const close = async (item: PositionItem) => {
    if (
      !(await Dialog.confirm({
        content: t('trade.closeConfirm', { name: nameOf(item), qty: item.stock_num }),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      }))
    ) {
      return;
    }
    const response = await tradingApi.close(item.position_id);
    if (response.status === 1) showMessage(translateMsg(response.msg));
    void reload();
  };
  const cancel = async (order: PendingOrder) => {
    if (
      !(await Dialog.confirm({
        content: t('trade.cancelConfirm', { symbol: order.symbol }),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      }))
    ) {
      return;
    }
    const response = await tradingApi.cancel(order.order_id);
    if (response.status === 1) showMessage(translateMsg(response.msg));
    void reload();
  };
  const open = (item: PositionItem) => navigate(`/position/info?id=${item.position_id}`);
  return (
    <div className="screen" data-testid="positions-screen">
      <HeaderBar title={t('menu.trade')} left="none" />
      <Summary summary={snapshot.summary} fdyk={snapshot.fdyk} ccsz={snapshot.ccsz} />
      <PullRefresh onRefresh={reload}>
        <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
          <Tabs.Tab key="newShares" title={t('trade.newShares')}>
            <NoData />
          </Tabs.Tab>
          <Tabs.Tab key="follow" title={t('trade.follow')}>
            <NoData />
          </Tabs.Tab>
          <Tabs.Tab
            key="holdings"
            title={<span data-testid="tab-holdings">{t('trade.holdings')}</span>}
          >
            {pending.map((o) => (
              <PendingRow key={o.order_id} order={o} onCancel={(x) => void cancel(x)} />
            ))}
            {holdings?.length === 0 && pending.length === 0 ? (
              <NoData />
            ) : (
              holdings?.map((item) => (
                <HoldingRow
                  key={item.position_id}
                  item={item}
                  onClose={(x) => void close(x)}
                  onOpen={open}
                />
              ))
            )}
          </Tabs.Tab>
          <Tabs.Tab
            key="closed"
            title={<span data-testid="tab-closed">{t('trade.closedTrades')}</span>}
          >
            {closed?.length === 0 ? (
              <NoData />
            ) : (
              closed?.map((item) => <HoldingRow key={item.position_id} item={item} onOpen={open} />)
            )}
          </Tabs.Tab>
        </Tabs>
      </PullRefresh>
    </div>
  );
}
