import { Button, Dialog, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { auditTime } from 'rxjs';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatMoney } from '../../lib/format.ts';
import { storage } from '../../lib/storage.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { assetsState, followAssets, loadAssets } from '../assets/assets.store.ts';
import { quoteTicks$ } from '../quotes/quote-stream.ts';
import { trendOf } from '../quotes/quote-bits.tsx';
import { tradingApi, type PendingOrder, type PositionItem } from './trading.api.ts';
import '../quotes/quotes.css';

const nameOf = (item: { name: PositionItem['name'] }) => (storage.language() === 'cn' ? item.name.zh : storage.language() === 'us' ? item.name.en : item.name.ja);

function Summary() {
  const { t } = useTranslation();
  const { summary } = useSnapshot(assetsState);
  const cells: Array<[string, string | undefined, string]> = [
    ['trade.totalAssets', summary?.total, 'pos-total'], ['trade.profit', summary?.unrealized_pnl, 'pos-profit'], ['trade.marketValue', summary?.market_value, 'pos-mv'],
    ['trade.buyingPower', summary?.available, 'pos-available'], ['trade.workingFunds', summary?.frozen, 'pos-frozen'],
  ];
  return (
    <div className="card figure-grid" style={{ gridTemplateColumns: '1fr 1fr' }} data-testid="positions-summary">
      {cells.map(([label, value, id]) => (
        <div className="figure" key={label}><label>{t(label)} ({summary?.currency ?? ''})</label><strong className={label === 'trade.profit' ? trendOf(value) : ''} data-testid={id}>{formatMoney(value)}</strong></div>
      ))}
    </div>
  );
}

function HoldingRow({ item, onClose, onOpen }: { item: PositionItem; onClose?: (item: PositionItem) => void; onOpen: (item: PositionItem) => void }) {
  const { t } = useTranslation();
  return (
    <div className="quote-row" style={{ gridTemplateColumns: '1fr auto' }} data-testid={`position-${item.position_id}`} onClick={() => onOpen(item)}>
      <div style={{ minWidth: 0 }}>
        <div className="name">{nameOf(item)} <small className={item.side === 'long' ? 'rise' : 'fall'}>{t(`trade.${item.side}`)} ×{item.leverage}</small></div>
        <div className="code">{item.symbol} · {item.stock_num} · {t('trade.buyPrice')} {item.buy_price} → {item.nowprice ?? item.sell_price}</div>
      </div>
      <div style={{ textAlign: 'right' }}>
        <div className={`num ${trendOf(item.yingkui)}`} data-testid={`pnl-${item.position_id}`}>{formatMoney(item.yingkui)} {item.currency}</div>
        {onClose ? <Button size="mini" onClick={(e: { stopPropagation(): void }) => { e.stopPropagation(); onClose(item); }} data-testid={`close-${item.position_id}`}>{t('trade.close')}</Button> : <span className="muted">{item.reason === 'stop_out' ? t('trade.stopOut') : t('trade.closed')}</span>}
      </div>
    </div>
  );
}

function PendingRow({ order, onCancel }: { order: PendingOrder; onCancel: (o: PendingOrder) => void }) {
  const { t } = useTranslation();
  return (
    <div className="quote-row" style={{ gridTemplateColumns: '1fr auto' }} data-testid={`pending-${order.order_id}`}>
      <div><div className="name">{order.symbol} <small>{t(`trade.${order.side}`)} ×{order.leverage}</small></div><div className="code">{t('trade.limit')} {order.price} · {order.stock_num}</div></div>
      <Button size="mini" onClick={() => onCancel(order)}>{t('common.cancel')}</Button>
    </div>
  );
}

/** Positions (/position/index): the server's figures, holdings with live P&L, pending orders, closed trades. */
export function PositionsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('holdings');
  const [holdings, setHoldings] = useState<PositionItem[] | null>(null);
  const [closed, setClosed] = useState<PositionItem[] | null>(null);
  const [pending, setPending] = useState<PendingOrder[]>([]);
  const reload = useCallback(async () => {
    const [open, done, resting] = await Promise.all([tradingApi.holdings(), tradingApi.closed(), tradingApi.pending()]);
    setHoldings(open.items);
    setClosed(done.items);
    setPending(resting);
  }, []);
  useEffect(() => {
    void loadAssets();
    void reload();
    const assets = followAssets();
    const orders = fromSocketEvent('order:updated').subscribe(() => void reload());
    return () => { assets.unsubscribe(); orders.unsubscribe(); };
  }, [reload]);
  const symbols = [...new Set(holdings?.map((h) => h.symbol) ?? [])].join(',');
  useEffect(() => {
    if (!symbols) return undefined;
    // Prices move: the server revalues; the list refreshes at most every 2 s while ticks arrive.
    const subscription = quoteTicks$(symbols.split(',')).pipe(auditTime(2000)).subscribe(() => void reload());
    return () => subscription.unsubscribe();
  }, [symbols, reload]);
  const close = async (item: PositionItem) => {
    if (!(await Dialog.confirm({ content: t('trade.closeConfirm', { name: nameOf(item), qty: item.stock_num }), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))) return;
    const response = await tradingApi.close(item.position_id);
    if (response.status === 1) showMessage(translateMsg(response.msg));
    void reload();
  };
  const cancel = async (order: PendingOrder) => {
    if (!(await Dialog.confirm({ content: t('trade.cancelConfirm', { symbol: order.symbol }), confirmText: t('common.confirm'), cancelText: t('common.cancel') }))) return;
    const response = await tradingApi.cancel(order.order_id);
    if (response.status === 1) showMessage(translateMsg(response.msg));
    void reload();
  };
  const open = (item: PositionItem) => navigate(`/position/info?id=${item.position_id}`);
  return (
    <div className="screen" data-testid="positions-screen">
      <HeaderBar title={t('menu.trade')} left="none" />
      <Summary />
      <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
        <Tabs.Tab key="newShares" title={t('trade.newShares')}><NoData /></Tabs.Tab>
        <Tabs.Tab key="follow" title={t('trade.follow')}><NoData /></Tabs.Tab>
        <Tabs.Tab key="holdings" title={<span data-testid="tab-holdings">{t('trade.holdings')}</span>}>
          {pending.map((o) => <PendingRow key={o.order_id} order={o} onCancel={(x) => void cancel(x)} />)}
          {holdings?.length === 0 && pending.length === 0 ? <NoData /> : holdings?.map((item) => <HoldingRow key={item.position_id} item={item} onClose={(x) => void close(x)} onOpen={open} />)}
        </Tabs.Tab>
        <Tabs.Tab key="closed" title={<span data-testid="tab-closed">{t('trade.closedTrades')}</span>}>
          {closed?.length === 0 ? <NoData /> : closed?.map((item) => <HoldingRow key={item.position_id} item={item} onOpen={open} />)}
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
