import { Input, Selector } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderKind, OrderTermsInput } from './trading.api.ts';

/** What the user types for an order's kind: its prices, trail and validity. */
export interface KindValues {
  kind: OrderKind;
  price: string;
  trigger: string;
  trail: string;
  trailUnit: 'price' | 'percent';
  validity: 'day' | 'date';
  validityDate: string;
}

export const ORDER_KINDS: readonly OrderKind[] = [
  'market',
  'limit',
  'stop',
  'stop_limit',
  'trailing_stop',
];

const takesPrice = (kind: OrderKind) => kind === 'limit' || kind === 'stop_limit';
const takesTrigger = (kind: OrderKind) => kind === 'stop' || kind === 'stop_limit';

/** The call's terms for what the sheet holds: only the fields the kind takes. */
export function termsOf(values: KindValues): OrderTermsInput {
  const { kind } = values;
  if (kind === 'market') return { kind };
  return {
    kind,
    ...(takesPrice(kind) ? { price: values.price } : {}),
    ...(takesTrigger(kind) ? { trigger_price: values.trigger } : {}),
    ...(kind === 'trailing_stop' ? { trail: values.trail, trail_unit: values.trailUnit } : {}),
    validity: values.validity === 'day' ? 'day' : values.validityDate,
  };
}

/** Whether every field the kind takes is filled in (the preview waits until it is). */
export function termsComplete(values: KindValues): boolean {
  const { kind } = values;
  if (takesPrice(kind) && !values.price) return false;
  if (takesTrigger(kind) && !values.trigger) return false;
  if (kind === 'trailing_stop' && !values.trail) return false;
  return kind === 'market' || values.validity === 'day' || values.validityDate !== '';
}

const INPUT_STYLE: CSSProperties = {
  margin: '6px 0',
  border: '1px solid #e3e7ee',
  borderRadius: 8,
  padding: 8,
};

function LabelledInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="field-row">
      <span className="muted">{props.label}</span>
      <Input
        value={props.value}
        onChange={props.onChange}
        inputMode="decimal"
        aria-label={props.label}
        style={INPUT_STYLE}
        data-testid={props.testId}
      />
    </label>
  );
}

function TrailFields({
  values,
  onChange,
}: {
  values: KindValues;
  onChange: (next: Partial<KindValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <LabelledInput
        label={t('trade.orders.trail')}
        value={values.trail}
        onChange={(trail) => onChange({ trail })}
        testId="order-trail"
      />
      <Selector
        columns={2}
        value={[values.trailUnit]}
        onChange={(v: Array<'price' | 'percent'>) => v[0] && onChange({ trailUnit: v[0] })}
        options={[
          { label: t('trade.orders.trailPrice'), value: 'price' },
          { label: t('trade.orders.trailPercent'), value: 'percent' },
        ]}
        data-testid="order-trail-unit"
      />
    </>
  );
}

/** A date `months` ahead of today (the device's date), as the date input takes it. */
function isoDate(months: number): string {
  const date = new Date();
  date.setMonth(date.getMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** Today, or until a date (at most six months ahead; the server refuses beyond). */
export function ValidityField({
  values,
  onChange,
}: {
  values: KindValues;
  onChange: (next: Partial<KindValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ margin: '8px 0' }}>
      <span className="muted">{t('trade.orders.validity')}</span>
      <Selector
        columns={2}
        value={[values.validity]}
        onChange={(v: Array<'day' | 'date'>) => v[0] && onChange({ validity: v[0] })}
        options={[
          { label: t('trade.orders.validityDay'), value: 'day' },
          { label: t('trade.orders.validityDate'), value: 'date' },
        ]}
        data-testid="order-validity"
      />
      {values.validity === 'date' ? (
        <input
          type="date"
          min={isoDate(0)}
          max={isoDate(6)}
          value={values.validityDate}
          onChange={(event) => onChange({ validityDate: event.target.value })}
          aria-label={t('trade.orders.validityDate')}
          style={{ ...INPUT_STYLE, width: '100%', boxSizing: 'border-box' }}
          data-testid="order-validity-date"
        />
      ) : null}
    </div>
  );
}

/** The kind (market, limit, stop, stop-limit, trailing stop) with its one-line explanation and fields. */
export function OrderKindFields({
  values,
  onChange,
  kinds = ORDER_KINDS,
}: {
  values: KindValues;
  onChange: (next: Partial<KindValues>) => void;
  kinds?: readonly OrderKind[];
}) {
  const { t } = useTranslation();
  const { kind } = values;
  return (
    <>
      <Selector
        columns={3}
        value={[kind]}
        onChange={(v: OrderKind[]) => v[0] && onChange({ kind: v[0] })}
        options={kinds.map((value) => ({ label: t(`trade.orders.kinds.${value}`), value }))}
        data-testid="order-kind"
      />
      <p className="muted kind-hint" data-testid="order-kind-hint">
        {t(`trade.orders.kindHints.${kind}`)}
      </p>
      {takesTrigger(kind) ? (
        <LabelledInput
          label={t('trade.orders.trigger')}
          value={values.trigger}
          onChange={(trigger) => onChange({ trigger })}
          testId="order-trigger"
        />
      ) : null}
      {takesPrice(kind) ? (
        <LabelledInput
          label={t('trade.price')}
          value={values.price}
          onChange={(price) => onChange({ price })}
          testId="order-price"
        />
      ) : null}
      {kind === 'trailing_stop' ? <TrailFields values={values} onChange={onChange} /> : null}
      {kind === 'market' ? null : <ValidityField values={values} onChange={onChange} />}
    </>
  );
}
