import { Input, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderTermsInput } from './trading.api.ts';

/** The take profit and stop loss placed when the order fills (IFD; both: IFDOCO). */
export interface BracketValues {
  on: boolean;
  profit: string;
  loss: string;
}

export const NO_BRACKET: BracketValues = { on: false, profit: '', loss: '' };

/** The second orders of an IFD: a take-profit limit and/or a stop-loss stop, with the order's validity. */
export function bracketLegs(
  bracket: BracketValues,
  validity: string | undefined,
): OrderTermsInput[] {
  if (!bracket.on) return [];
  const valid = validity ? { validity } : {};
  return [
    ...(bracket.profit ? [{ kind: 'limit' as const, price: bracket.profit, ...valid }] : []),
    ...(bracket.loss ? [{ kind: 'stop' as const, trigger_price: bracket.loss, ...valid }] : []),
  ];
}

const INPUT_STYLE = { border: '1px solid #e3e7ee', borderRadius: 8, padding: 8, margin: '6px 0' };

export function BracketFields({
  values,
  onChange,
}: {
  values: BracketValues;
  onChange: (next: BracketValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="bracket" data-testid="order-bracket">
      <div className="detail-row" style={{ alignItems: 'center' }}>
        <span className="muted">{t('trade.orders.bracket')}</span>
        <Switch
          checked={values.on}
          onChange={(on: boolean) => onChange({ ...values, on })}
          data-testid="order-bracket-switch"
        />
      </div>
      {values.on ? (
        <>
          <p className="muted kind-hint">{t('trade.orders.bracketHint')}</p>
          <label className="field-row">
            <span className="muted">{t('trade.orders.takeProfit')}</span>
            <Input
              value={values.profit}
              onChange={(profit) => onChange({ ...values, profit })}
              inputMode="decimal"
              aria-label={t('trade.orders.takeProfit')}
              style={INPUT_STYLE}
              data-testid="order-take-profit"
            />
          </label>
          <label className="field-row">
            <span className="muted">{t('trade.orders.stopLoss')}</span>
            <Input
              value={values.loss}
              onChange={(loss) => onChange({ ...values, loss })}
              inputMode="decimal"
              aria-label={t('trade.orders.stopLoss')}
              style={INPUT_STYLE}
              data-testid="order-stop-loss"
            />
          </label>
        </>
      ) : null}
    </div>
  );
}
