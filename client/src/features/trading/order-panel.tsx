import { Button, Dialog, Popup, Selector, Stepper, Switch } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { BracketFields, bracketLegs, NO_BRACKET, type BracketValues } from './bracket-fields.tsx';
import { OrderKindFields, termsComplete, termsOf, type KindValues } from './order-kind-fields.tsx';
import { ConfirmBody, confirmLines } from './order-confirm.tsx';
import { PreviewLines, useOrderPreview } from './order-preview.tsx';
import {
  tradingApi,
  type OrderInput,
  type OrderPreview,
  type OrderTermsInput,
} from './trading.api.ts';

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

/** What the user sets on the sheet: kind and terms, leverage and quantity, intraday, and the IFD legs. */
interface OrderFieldValues extends KindValues {
  leverage: number;
  qty: number;
  intraday: boolean;
  bracket: BracketValues;
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

/** Asks the user to confirm the priced order, then places it (with its IFD legs); true when placed. */
async function confirmAndPlace(
  input: OrderInput,
  preview: OrderPreview,
  name: string,
  legs: OrderTermsInput[],
) {
  const t = i18next.t;
  const ok = await Dialog.confirm({
    content: <ConfirmBody lines={confirmLines(input, preview, name, legs)} />,
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  });
  if (!ok) return false;
  const response =
    legs.length > 0 ? await tradingApi.placeIfd(input, legs) : await tradingApi.place(input);
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

/**
 * The order sheet: kind (market, limit, stop, stop-limit, trailing stop) with its terms and
 * validity, leverage, quantity and the optional take profit / stop loss after the fill (IFD,
 * IFDOCO); the server prices it (trade/preview) before the confirm.
 */
/** A fresh sheet: a market order of the minimum quantity at ×1, today's validity if it waits. */
function initialValues(target: OrderTarget): OrderFieldValues {
  return {
    kind: 'market',
    price: target.price ?? '',
    trigger: '',
    trail: '',
    trailUnit: 'percent',
    validity: 'day',
    validityDate: '',
    leverage: 1,
    qty: target.minQty,
    intraday: false,
    bracket: NO_BRACKET,
  };
}

/** Kinds whose fill price is not known in advance: the preview prices them at the worst fill. */
const WAITS_FOR_TRIGGER = new Set(['stop', 'trailing_stop']);

/** The call's input for what the sheet holds, or null while a field the kind needs is empty. */
function orderInputOf(
  target: OrderTarget,
  side: 'long' | 'short' | null,
  values: OrderFieldValues,
): OrderInput | null {
  if (!side) return null;
  const base = {
    symbol: target.symbol,
    side,
    qty: String(values.qty),
    leverage: String(values.leverage),
  };
  if (values.intraday) return { ...base, kind: 'market', intraday: '1' };
  if (!termsComplete(values)) return null;
  return { ...base, ...termsOf(values) };
}

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
  const [values, setValues] = useState<OrderFieldValues>(() => initialValues(target));
  const change = (next: Partial<OrderFieldValues>) => setValues((v) => ({ ...v, ...next }));
  const input = orderInputOf(target, side, values);
  const legs = values.intraday ? [] : bracketLegs(values.bracket, termsOf(values).validity);
  const { preview, refusal } = useOrderPreview(input);
  const confirm = async () => {
    if (!input || !preview?.affordable) return;
    if (!(await confirmAndPlace(input, preview, target.name, legs))) return;
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
        {values.intraday ? null : <OrderKindFields values={values} onChange={change} />}
        <LeverageAndQty target={target} values={values} onChange={change} />
        {values.intraday ? null : (
          <BracketFields values={values.bracket} onChange={(bracket) => change({ bracket })} />
        )}
        {side && !input ? (
          <p className="muted kind-hint" data-testid="order-fill-in">
            {t('trade.orders.fillIn')}
          </p>
        ) : null}
        <PreviewLines
          preview={preview}
          refusal={refusal}
          side={side ?? 'long'}
          priceLabel={WAITS_FOR_TRIGGER.has(values.kind) ? 'trade.orders.holdPrice' : 'trade.price'}
        />
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
