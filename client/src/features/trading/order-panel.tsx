import { Button, Dialog, Input, Popup, Selector, Stepper, Switch } from 'antd-mobile';
import { useEffect, useState, type CSSProperties } from 'react';
import i18next from 'i18next';
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
    ...(preview.intraday_buying_power_left === undefined
      ? []
      : [
          [
            'trade.intradayLeft',
            money(preview.intraday_buying_power_left),
            'preview-intraday-left',
          ] as [string, string, string],
        ]),
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

/** The server's price for the order as it stands (trade/preview, 200 ms after the last change), or its refusal. */
function useOrderPreview(input: OrderInput | null) {
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The input's content, not its identity (a new object every render), decides when to ask again.
  const inputKey = input ? JSON.stringify(input) : null;
  useEffect(() => {
    if (!inputKey) return;
    const asked = JSON.parse(inputKey) as OrderInput;
    const timer = setTimeout(() => {
      void tradingApi.preview(asked).then((r) => {
        setPreview(r.status === 1 ? (r.data ?? null) : null);
        setRefusal(r.status === 1 ? null : r.msg);
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [inputKey]);
  return { preview, refusal };
}

type OrderKind = 'market' | 'limit';

/** What the user sets on the sheet: market or limit (with its price), leverage and quantity; intraday or not. */
interface OrderFieldValues {
  kind: OrderKind;
  price: string;
  leverage: number;
  qty: number;
  intraday: boolean;
}

/** The intraday switch: a market order under the caller's intraday application, at its day-trade leverage. */
function IntradaySwitch({
  values,
  preview,
  onChange,
}: {
  values: OrderFieldValues;
  preview: OrderPreview | null;
  onChange: (next: Partial<OrderFieldValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="detail-row" style={{ alignItems: 'center', margin: '4px 0 8px' }}>
      <span className="muted">
        {t('trade.intraday')}
        {values.intraday && preview?.intraday_leverage ? ` ×${preview.intraday_leverage}` : ''}
      </span>
      <Switch
        checked={values.intraday}
        onChange={(on: boolean) =>
          onChange(on ? { intraday: true, kind: 'market' } : { intraday: false })
        }
        data-testid="order-intraday"
      />
    </div>
  );
}

function KindAndPrice({
  values,
  onChange,
}: {
  values: OrderFieldValues;
  onChange: (next: Partial<OrderFieldValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Selector
        columns={2}
        value={[values.kind]}
        onChange={(v: OrderKind[]) => v[0] && onChange({ kind: v[0] })}
        options={[
          { label: t('trade.market'), value: 'market' },
          { label: t('trade.limit'), value: 'limit' },
        ]}
        data-testid="order-kind"
      />
      {values.kind === 'limit' ? (
        <Input
          value={values.price}
          onChange={(price: string) => onChange({ price })}
          placeholder={t('trade.price')}
          inputMode="decimal"
          style={{ margin: '8px 0', border: '1px solid #e3e7ee', borderRadius: 8, padding: 8 }}
          data-testid="order-price"
        />
      ) : null}
    </>
  );
}

function LeverageAndQty({
  target,
  values,
  onChange,
}: {
  target: OrderTarget;
  values: OrderFieldValues;
  onChange: (next: Partial<OrderFieldValues>) => void;
}) {
  const { t } = useTranslation();
  const leverages = Array.from({ length: target.maxLeverage }, (_, i) => ({
    label: `×${i + 1}`,
    value: i + 1,
  }));
  return (
    <>
      <div style={{ margin: '8px 0', display: values.intraday ? 'none' : undefined }}>
        <span className="muted">{t('trade.leverage')}</span>
        <Selector
          columns={5}
          value={[values.leverage]}
          onChange={(v: number[]) => v[0] && onChange({ leverage: v[0] })}
          options={leverages}
          data-testid="order-leverage"
        />
      </div>
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
          value={values.qty}
          min={target.minQty}
          step={target.qtyStep}
          onChange={(v: number | null) => onChange({ qty: Number(v ?? target.minQty) })}
          data-testid="order-qty"
        />
      </div>
    </>
  );
}

/** Asks the user to confirm the priced order, then places it; true when it was placed. */
async function confirmAndPlace(input: OrderInput, preview: OrderPreview, name: string) {
  const t = i18next.t;
  const ok = await Dialog.confirm({
    content: t('trade.confirmText', {
      side: t(`trade.${input.side}`),
      qty: input.qty,
      name,
      total: formatMoney(preview.total),
      currency: preview.currency,
    }),
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  });
  if (!ok) return false;
  const response = await tradingApi.place(input);
  if (response.status !== 1) return false;
  showMessage(translateMsg(response.msg));
  return true;
}

const SHEET_STYLE: CSSProperties = {
  borderRadius: '12px 12px 0 0',
  padding: 16,
  maxHeight: '85vh',
  overflowY: 'auto',
};

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
  const [values, setValues] = useState<OrderFieldValues>({
    kind: 'market',
    price: target.price ?? '',
    leverage: 1,
    qty: target.minQty,
    intraday: false,
  });
  const change = (next: Partial<OrderFieldValues>) => setValues((v) => ({ ...v, ...next }));
  const { kind, price, leverage, qty, intraday } = values;
  const input: OrderInput | null = side
    ? {
        symbol: target.symbol,
        side,
        kind,
        qty: String(qty),
        leverage: String(leverage),
        ...(kind === 'limit' ? { price } : {}),
        ...(intraday ? { intraday: '1' as const } : {}),
      }
    : null;
  const { preview, refusal } = useOrderPreview(input);
  const confirm = async () => {
    if (!input || !preview?.affordable) return;
    if (!(await confirmAndPlace(input, preview, target.name))) return;
    onPlaced();
    onClose();
  };
  const sideColor = side === 'long' ? 'var(--rise)' : 'var(--fall)';
  return (
    <Popup visible={side !== null} onMaskClick={onClose} bodyStyle={SHEET_STYLE}>
      <div data-testid="order-panel">
        <h3 style={{ margin: '0 0 8px' }}>
          {target.name} ·{' '}
          <span className={side === 'long' ? 'rise' : 'fall'}>
            {side ? t(`trade.${side}`) : ''}
          </span>
        </h3>
        <IntradaySwitch values={values} preview={preview} onChange={change} />
        {intraday ? null : <KindAndPrice values={values} onChange={change} />}
        <LeverageAndQty target={target} values={values} onChange={change} />
        <PreviewLines preview={preview} refusal={refusal} side={side ?? 'long'} />
        <Button
          block
          color="primary"
          style={
            { '--background-color': sideColor, '--border-color': 'transparent' } as CSSProperties
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
