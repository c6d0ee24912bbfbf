import { Button, Dialog, Input, Popup, Selector, Stepper } from 'antd-mobile';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { Link } from 'react-router-dom';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { tradingApi, type OrderInput, type OrderPreview } from './trading.api.ts';

export interface OrderTarget {
  symbol: string;
  name: string;
  price: string | null;
  lot: number;
  minQty: number;
  qtyStep: number;
  maxLeverage: number;
  shortable: boolean;
}

/** The order's figures as the server priced them: the side's fee, stamp duty where it applies, buying power in the instrument's currency. */
function previewRows(
  preview: OrderPreview,
  side: 'long' | 'short',
): Array<[string, string, string]> {
  const money = (value: string) => formatAmount(value, preview.currency);
  return [
    ['trade.price', formatMoney(preview.price), 'preview-price'],
    ['trade.margin', money(preview.margin), 'preview-margin'],
    side === 'long'
      ? ['trade.buyFee', money(preview.buy_fee), 'preview-buy-fee']
      : ['trade.sellFee', money(preview.sell_fee), 'preview-sell-fee'],
    ...(preview.stamp_duty_applies
      ? [
          ['trade.stampDuty', money(preview.stamp_duty), 'preview-stamp-duty'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['trade.total', money(preview.total), 'preview-total'],
    ['trade.buyingPower', money(preview.available), 'preview-buying-power'],
  ];
}

function PreviewLines({
  preview,
  refusal,
  side,
}: {
  preview: OrderPreview | null;
  refusal: string | null;
  side: 'long' | 'short';
}) {
  const { t } = useTranslation();
  if (refusal) {
    return (
      <p className="fall" data-testid="order-refusal">
        {translateMsg(refusal)}
      </p>
    );
  }
  if (!preview) return null;
  return (
    <div
      className="stat-grid"
      style={{ gridTemplateColumns: '1fr', padding: '8px 0' }}
      data-testid="order-preview"
    >
      {previewRows(preview, side).map(([label, value, id]) => (
        <div key={label}>
          <span>{t(label)}</span>
          <span className="num" data-testid={id}>
            {value}
          </span>
        </div>
      ))}
      <Link to="/mine/fees" className="muted" style={{ fontSize: 12 }} data-testid="fee-table-link">
        {t('trade.feeTable')}
      </Link>
      {preview.affordable ? null : (
        <p
          style={{ margin: '4px 0 0', color: 'var(--adm-color-danger)' }}
          data-testid="order-unaffordable"
        >
          {translateMsg('available_insufficient')}
        </p>
      )}
    </div>
  );
}

/** ×1 up to the instrument's leverage cap. */
function LeverageField(props: { max: number; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const options = Array.from({ length: props.max }, (_, i) => ({
    label: `×${i + 1}`,
    value: i + 1,
  }));
  return (
    <div style={{ margin: '8px 0' }}>
      <span className="muted">{t('trade.leverage')}</span>
      <Selector
        columns={5}
        value={[props.value]}
        onChange={(v: number[]) => v[0] && props.onChange(v[0])}
        options={options}
        data-testid="order-leverage"
      />
    </div>
  );
}

/** The order sheet: kind, leverage, quantity and price; the server prices it (trade/preview) before the confirm. */
export function OrderPanel({
  target,
  side,
  onClose,
  onPlaced,
}: {
  target: OrderTarget;
  side: 'long' | 'short' | null;
  onClose: () => void;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [leverage, setLeverage] = useState(1);
  const [qty, setQty] = useState(target.minQty);
  const [price, setPrice] = useState(target.price ?? '');
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input: OrderInput | null = side
    ? {
        symbol: target.symbol,
        side,
        kind,
        qty: String(qty),
        leverage: String(leverage),
        ...(kind === 'limit' ? { price } : {}),
      }
    : null;
  useEffect(() => {
    if (!input) return;
    const timer = setTimeout(() => {
      void tradingApi.preview(input).then((r) => {
        setPreview(r.status === 1 ? (r.data ?? null) : null);
        setRefusal(r.status === 1 ? null : r.msg);
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [side, kind, leverage, qty, price]);
  const confirm = async () => {
    if (!input || !preview?.affordable) return;
    const ok = await Dialog.confirm({
      content: t('trade.confirmText', {
        side: t(`trade.${input.side}`),
        qty: input.qty,
        name: target.name,
        total: formatMoney(preview.total),
        currency: preview.currency,
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const response = await tradingApi.place(input);
    if (response.status === 1) {
      showMessage(translateMsg(response.msg));
      onPlaced();
      onClose();
    }
  };
  return (
    <Popup
      visible={side !== null}
      onMaskClick={onClose}
      bodyStyle={{
        borderRadius: '12px 12px 0 0',
        padding: 16,
        maxHeight: '85vh',
        overflowY: 'auto',
      }}
    >
      <div data-testid="order-panel">
        <h3 style={{ margin: '0 0 8px' }}>
          {target.name} ·{' '}
          <span className={side === 'long' ? 'rise' : 'fall'}>
            {side ? t(`trade.${side}`) : ''}
          </span>
        </h3>
        <Selector
          columns={2}
          value={[kind]}
          onChange={(v: Array<'market' | 'limit'>) => v[0] && setKind(v[0])}
          options={[
            { label: t('trade.market'), value: 'market' },
            { label: t('trade.limit'), value: 'limit' },
          ]}
          data-testid="order-kind"
        />
        {kind === 'limit' ? (
          <Input
            value={price}
            onChange={setPrice}
            placeholder={t('trade.price')}
            inputMode="decimal"
            style={{ margin: '8px 0', border: '1px solid #e3e7ee', borderRadius: 8, padding: 8 }}
            data-testid="order-price"
          />
        ) : null}
        <LeverageField max={target.maxLeverage} value={leverage} onChange={setLeverage} />
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            margin: '8px 0',
          }}
        >
          <span className="muted">
            {t('trade.qty')} ({t('trade.lotOf', { lot: target.lot })})
          </span>
          <Stepper
            style={{ '--input-width': '72px' } as CSSProperties}
            value={qty}
            min={target.minQty}
            step={target.qtyStep}
            onChange={(v: number | null) => setQty(Number(v ?? target.minQty))}
            data-testid="order-qty"
          />
        </div>
        <PreviewLines preview={preview} refusal={refusal} side={side ?? 'long'} />
        <Button
          block
          color="primary"
          style={
            {
              '--background-color': side === 'long' ? 'var(--rise)' : 'var(--fall)',
              '--border-color': 'transparent',
            } as CSSProperties
          }
          disabled={!preview?.affordable}
          onClick={() => void confirm()}
          data-testid="order-submit"
        >
          {t('trade.submit')}
        </Button>
      </div>
    </Popup>
  );
}
