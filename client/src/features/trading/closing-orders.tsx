import { Button, Dialog, Input } from 'antd-mobile';
import i18next from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { instrumentName } from '../../lib/instrument-name.ts';
import { storage } from '../../lib/storage.ts';
import { showMessage } from '../../lib/toast.ts';
import { ValidityField, type KindValues } from './order-kind-fields.tsx';
import { ConfirmBody } from './order-confirm.tsx';
import { PendingRow } from './pending-row.tsx';
import {
  tradingApi,
  type OrderInput,
  type PendingOrder,
  type PositionItem,
} from './trading.api.ts';

/** This position's live and waiting closing orders, reloadable, each cancellable. */
function useClosingOrdersOf(positionId: string) {
  const [orders, setOrders] = useState<PendingOrder[]>([]);
  const reload = useCallback(() => {
    void tradingApi
      .pending()
      .then((all) => setOrders(all.filter((o) => o.close_position_id === positionId)));
  }, [positionId]);
  useEffect(reload, [reload]);
  const cancel = (order: PendingOrder) => {
    void tradingApi.cancel(order.order_id).then((response) => {
      if (response.status === 1) showMessage(translateMsg(response.msg));
      reload();
    });
  };
  return { orders, reload, cancel };
}

/** Asks before placing: each closing order's price and its validity, for the position's shares. */
async function confirmClosing(item: PositionItem, orders: readonly OrderInput[]) {
  const t = i18next.t;
  const name = instrumentName(item, storage.language());
  const lines = [
    t('trade.orders.closingConfirm', { name, qty: item.stock_num }),
    ...orders.map((order) =>
      order.kind === 'limit'
        ? `${t('trade.orders.takeProfit')}: ${formatMoney(order.price ?? '')}`
        : `${t('trade.orders.stopLoss')}: ${formatMoney(order.trigger_price ?? '')}`,
    ),
    t('trade.orders.confirmValidity', {
      until: orders[0]?.validity === 'day' ? t('trade.orders.untilToday') : orders[0]?.validity,
    }),
  ];
  return Dialog.confirm({
    content: <ConfirmBody lines={lines} />,
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  });
}

const INPUT_STYLE = { border: '1px solid #e3e7ee', borderRadius: 8, padding: 8, margin: '6px 0' };

type Validity = Pick<KindValues, 'validity' | 'validityDate'>;

/** The closing orders for what the user typed: a take-profit limit, a stop-loss stop, or both. */
function closingOrders(item: PositionItem, profit: string, loss: string, validity: Validity) {
  const base = {
    symbol: item.symbol,
    side: item.side,
    qty: String(item.stock_num),
    leverage: String(item.leverage),
    position_id: item.position_id,
    validity: validity.validity === 'day' ? 'day' : validity.validityDate,
  };
  const orders: OrderInput[] = [];
  if (profit) orders.push({ ...base, kind: 'limit', price: profit });
  if (loss) orders.push({ ...base, kind: 'stop', trigger_price: loss });
  return orders;
}

/**
 * A held position's take profit and stop loss: one closing order, or both as an OCO (when one
 * fills the other is cancelled). Each closes the whole position at the print that reaches it.
 */
export function ClosingOrders({ item, onPlaced }: { item: PositionItem; onPlaced: () => void }) {
  const { t } = useTranslation();
  const [profit, setProfit] = useState('');
  const [loss, setLoss] = useState('');
  const [validity, setValidity] = useState<Validity>({ validity: 'day', validityDate: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const existing = useClosingOrdersOf(item.position_id);
  const submit = async () => {
    const orders = closingOrders(item, profit.trim(), loss.trim(), validity);
    if (orders.length === 0) return setRefusal(t('trade.orders.closingNone'));
    if (!(await confirmClosing(item, orders))) return;
    const [one, two] = orders as [OrderInput, OrderInput | undefined];
    const response = two ? await tradingApi.placeOco(one, two) : await tradingApi.place(one);
    if (response.status !== 1) return setRefusal(translateMsg(response.msg));
    setRefusal(null);
    setProfit('');
    setLoss('');
    showMessage(translateMsg(response.msg));
    existing.reload();
    onPlaced();
  };
  const field = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <label className="field-row">
      <span className="muted">{label}</span>
      <Input
        value={value}
        onChange={set}
        inputMode="decimal"
        aria-label={label}
        style={INPUT_STYLE}
        data-testid={testId}
      />
    </label>
  );
  return (
    <div className="card" data-testid="closing-orders">
      <h4 style={{ margin: '0 0 4px' }}>{t('trade.orders.closingOrders')}</h4>
      <p className="muted kind-hint">{t('trade.orders.closingHint')}</p>
      {existing.orders.length > 0 ? (
        <div data-testid="closing-existing">
          <span className="muted">{t('trade.orders.closingExisting')}</span>
          {existing.orders.map((order) => (
            <PendingRow key={order.order_id} order={order} onCancel={existing.cancel} />
          ))}
        </div>
      ) : null}
      {field(t('trade.orders.takeProfit'), profit, setProfit, 'closing-take-profit')}
      {field(t('trade.orders.stopLoss'), loss, setLoss, 'closing-stop-loss')}
      <ValidityField
        values={{ ...validity } as KindValues}
        onChange={(next) => setValidity((v) => ({ ...v, ...next }))}
      />
      {refusal ? (
        <p className="refusal" data-testid="closing-refusal">
          {refusal}
        </p>
      ) : null}
      <Button block color="primary" onClick={() => void submit()} data-testid="closing-submit">
        {t('trade.orders.closingSubmit')}
      </Button>
    </div>
  );
}
