import { Button, Dialog, Stepper } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { auditTime, merge } from 'rxjs';
import { AddCredit, stopOutText } from '../../features/credit/add-credit.tsx';
import { CreditItems } from '../../features/credit/credit-items.tsx';
import { formatWhen } from '../../lib/format-time.ts';
import { creditApi, type CreditItem } from '../../features/credit/credit.api.ts';
import { tradingApi, type PositionItem } from '../../features/trading/trading.api.ts';
import { ClosingOrders } from '../../features/trading/closing-orders.tsx';
import { takesCredit } from '../../features/trading/positions-screen.tsx';
import { instrumentName } from '../../lib/instrument-name.ts';
import { storage } from '../../lib/storage.ts';
import '../../components/quotes.css';

/** The order id of a holding no order opened: a new share's lot placed at listing. */
const NO_ORDER = '0';
const time = (ms: number | undefined) => (ms ? formatWhen(ms) : '--');
const nameOf = (item: PositionItem) => instrumentName(item, storage.language());

/** Close all or part of an open position (the API's partial close), in the instrument's quantity steps. */
function ClosePart({ item, onClosed }: { item: PositionItem; onClosed: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(1);
  const [qty, setQty] = useState(item.stock_num);
  useEffect(() => {
    void callApi('quote/detail', { symbol: item.symbol }, { quiet: true }).then(
      (r) => r.status === 1 && setStep(r.data.qty_step || 1),
    );
  }, [item.symbol]);
  const close = async () => {
    if (
      !(await Dialog.confirm({
        content: t('trade.closeConfirm', { name: nameOf(item), qty }),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      }))
    ) {
      return;
    }
    const response = await tradingApi.close(
      item.position_id,
      qty < item.stock_num ? qty : undefined,
    );
    if (response.status === 1) showMessage(translateMsg(response.msg));
    onClosed();
  };
  return (
    <div className="card" data-testid="close-part">
      <div className="detail-row" style={{ alignItems: 'center' }}>
        <span className="muted">{t('trade.closeQty')}</span>
        <Stepper
          value={qty}
          min={step}
          max={item.stock_num}
          step={step}
          onChange={(v: number | null) => setQty(Number(v ?? item.stock_num))}
          data-testid="close-qty"
        />
      </div>
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        onClick={() => void close()}
        data-testid="close-submit"
      >
        {t('trade.closeSome')}
      </Button>
    </div>
  );
}

/** Where the holding came from: its order number, or "New share" for a listed new-share lot (no order). */
function originRow(orderId: string, t: (key: string) => string): [string, string] {
  return orderId === NO_ORDER
    ? ['trade.origin', t('trade.fromNewShare')]
    : ['trade.orderNo', orderId];
}

function rowsOf(item: PositionItem, t: (key: string) => string): Array<[string, string]> {
  const money = (value: string | undefined) => (value ? formatAmount(value, item.currency) : '--');
  const open = item.status === 0 ? item : null;
  const closed = item.status === 1 ? item : null;
  return [
    originRow(open?.order_id ?? item.position_id, t),
    ['trade.status', item.status === 0 ? t('trade.holding') : t('trade.closed')],
    ['trade.buyTime', time(item.buy_time)],
    ['trade.buyPrice', formatMoney(item.buy_price)],
    ['trade.qty', String(item.stock_num)],
    ['trade.margin', money(open?.margin)],
    ['credit.credit', money(open?.credit)],
    [
      'credit.stopOutPrice',
      open ? stopOutText(open.stop_out_price, t('credit.stopOutNever')) : '--',
    ],
    ['trade.marketValue', money(open?.market_value)],
    ['trade.leverage', `×${item.leverage}`],
    ['trade.sellPrice', closed?.sell_price ? formatMoney(closed.sell_price) : '--'],
    ['trade.sellTime', time(closed?.sell_time)],
    ['trade.pnl', money(item.yingkui)],
  ];
}

/** Holding detail (/position/info?id=): the spec's order/position fields, and closing all or part of it. */
export function PositionInfo() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [item, setItem] = useState<PositionItem | null | undefined>(undefined);
  const [credits, setCredits] = useState<CreditItem[]>([]);
  const load = useCallback(() => {
    void Promise.all([tradingApi.holdings(), tradingApi.closed(), creditApi.itemsOf(id)]).then(
      ([open, done, added]) => {
        setItem([...open.items, ...done.items].find((p) => p.position_id === id) ?? null);
        setCredits(added);
      },
    );
  }, [id]);
  useEffect(load, [load]);
  useEffect(() => {
    // An addition, a close or a stop-out (here or elsewhere) moves the figures: load them again.
    const changes = merge(fromSocketEvent('order:updated'), accountResync$())
      .pipe(auditTime(300))
      .subscribe(load);
    return () => changes.unsubscribe();
  }, [load]);
  if (item === null) {
    return (
      <div className="screen no-menu">
        <HeaderBar title={t('trade.detail')} />
        <NoData />
      </div>
    );
  }
  if (!item) {
    return (
      <div className="screen no-menu">
        <HeaderBar title={t('trade.detail')} />
      </div>
    );
  }
  return (
    <div className="screen no-menu" data-testid="position-info" data-status={item.status}>
      <HeaderBar title={`${nameOf(item)} ${t(`trade.${item.side}`)}`} />
      <div className="card">
        {rowsOf(item, t).map(([label, value]) => (
          <div key={label} className="detail-row">
            <span className="muted">{t(label)}</span>
            <span className="num" data-testid={`info-${label.replace(/^\w+\./, '')}`}>
              {value}
            </span>
          </div>
        ))}
      </div>
      {takesCredit(item) ? (
        <AddCredit item={item} onAdded={load} focus={params.get('credit') === '1'} />
      ) : null}
      <CreditItems items={credits} />
      {item.status === 0 && item.close_blocked === 't_plus_one' ? (
        <p className="card muted" data-testid="t-plus-one-note">
          {t('msg.t_plus_one')}
        </p>
      ) : null}
      {item.status === 0 && item.close_blocked === null ? (
        <ClosePart key={item.stock_num} item={item} onClosed={load} />
      ) : null}
      {item.status === 0 && !item.intraday ? <ClosingOrders item={item} onPlaced={load} /> : null}
    </div>
  );
}
