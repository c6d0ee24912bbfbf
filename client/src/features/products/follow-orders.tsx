import { formatDay } from '../../lib/format-time.ts';
import { Button, Dialog } from 'antd-mobile';
import i18next from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { NoData } from '../../components/no-data.tsx';
import { Field, RefusalNote } from '../../components/product-bits.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatAmount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { pt, type ProductText } from './product-texts.ts';
import { productsApi, type ProductOrder } from './products.api.ts';

const money = (value: string | null, currency: string) =>
  value === null ? '--' : formatAmount(value, currency);

function Profit({ value, currency, id }: { value: string | null; currency: string; id: string }) {
  const cls = value === null || value === '0' ? '' : value.startsWith('-') ? 'fall' : 'rise';
  return (
    <span className={cls} data-testid={id}>
      {money(value, currency)}
    </span>
  );
}

function OrderRow({ order, onChanged }: { order: ProductOrder; onChanged: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const redeem = async () => {
    const confirmed = await Dialog.confirm({
      content: pt('redeemConfirm'),
      confirmText: i18next.t('common.confirm'),
      cancelText: i18next.t('common.cancel'),
    });
    if (!confirmed) return;
    const answer = await productsApi.redeem(order.id);
    setRefusal(answer.ok ? null : answer.msg);
    if (answer.ok) {
      showMessage(translateMsg(answer.msg));
      onChanged();
    }
  };
  const { currency } = order;
  return (
    <div
      data-testid={`follow-order-${order.id}`}
      data-state={order.state}
      style={{ padding: 12, borderBottom: '1px solid #eee' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span className="name">{order.name}</span>
        <span data-testid="follow-order-state">{pt(order.state as ProductText)}</span>
      </div>
      <Field label={pt('amount')}>{formatAmount(order.money, currency)}</Field>
      <Field label={pt('units')} id="follow-order-units">
        {order.state === 'pending' ? '--' : order.units}
      </Field>
      <Field label={pt('strikeNav')}>{order.strike_nav ?? '--'}</Field>
      <Field label={pt('value')} id="follow-order-value">
        {money(order.value, currency)}
      </Field>
      <Field label={pt('dailyProfit')}>
        <Profit value={order.daily_profit} currency={currency} id="follow-order-daily" />
      </Field>
      <Field label={pt('totalProfit')}>
        <Profit value={order.total_profit} currency={currency} id="follow-order-total" />
      </Field>
      <Field label={pt('lockupEnd')} id="follow-order-lockup-end">
        {formatDay(order.lockup_end)}
      </Field>
      {order.redeem_amount !== null ? (
        <>
          <Field label={pt('redeemAmount')} id="follow-order-redeem-amount">
            {money(order.redeem_amount, currency)}
          </Field>
          <Field label={pt('payDate')}>{formatDay(order.pay_date)}</Field>
        </>
      ) : null}
      <RefusalNote msg={refusal} id="follow-order-refusal" />
      {order.state === 'following' || order.state === 'locked_up' ? (
        <Button
          size="small"
          style={{ marginTop: 8 }}
          data-testid="follow-order-redeem"
          onClick={() => void redeem()}
        >
          {pt('redeem')}
        </Button>
      ) : null}
    </div>
  );
}

/** The caller's follow orders (the Positions Follow tab and /mine/followOrder). */
export function FollowOrdersList() {
  const [rows, setRows] = useState<ProductOrder[] | null>(null);
  const reload = useCallback(() => productsApi.orders().then(setRows), []);
  useEffect(() => void reload(), [reload]);
  return (
    <div data-testid="follow-orders" data-loaded={rows ? 'yes' : 'no'}>
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        {rows?.map((order) => (
          <OrderRow key={order.id} order={order} onChanged={() => void reload()} />
        ))}
      </PullRefresh>
    </div>
  );
}
